import { describe, expect, it } from 'vitest';
import App from '../src/index.js';
import { titleCase } from '../src/output-fields.js';
import { fieldKeys, flatKeys } from './support/shapes.js';

/**
 * The parts of Zapier's integration checks (D001–D024) that can be checked offline: Title Case
 * labels, "Triggers when …" descriptions, a sample on every step whose keys the outputFields
 * name exactly, ISO-8601 dates, dropdowns pointing at real hidden triggers, a connection label.
 */
interface Field {
  key: string;
  label?: string;
  dynamic?: string;
  type?: string;
}
interface Step {
  key: string;
  noun: string;
  display: { label: string; description: string; hidden?: boolean };
  operation: { sample?: Record<string, unknown>; outputFields?: Field[]; inputFields?: (Field | unknown)[] };
}

const steps = (group: Record<string, unknown> | undefined): Step[] => Object.values(group ?? {}) as Step[];
const triggers = steps(App.triggers);
const all: [string, Step][] = [
  ...triggers.map((s): [string, Step] => ['trigger', s]),
  ...steps(App.creates).map((s): [string, Step] => ['create', s]),
  ...steps(App.searches).map((s): [string, Step] => ['search', s]),
];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function leaves(value: unknown, path: string[] = []): [string, unknown][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [[path.join('__'), value]];
}

describe.each(all)('%s %s', (kind, step) => {
  it('has a Title Case label and noun, and a description that is a sentence', () => {
    expect(step.display.label).toBe(titleCase(step.display.label));
    expect(step.noun).toBe(titleCase(step.noun));
    expect(step.display.description).toMatch(/^[A-Z].*\.$/);
    if (kind === 'trigger') expect(step.display.description).toMatch(/^Triggers when /);
  });

  it('has a sample whose every key the outputFields name, with Title Case labels', () => {
    expect(step.operation.sample).toBeDefined();
    const sample = step.operation.sample as Record<string, unknown>;
    expect(fieldKeys(step.operation.outputFields)).toEqual(flatKeys(sample));
    for (const field of step.operation.outputFields ?? []) expect(field.label).toBe(titleCase(field.label ?? ''));
  });

  it('gives dates in the sample as ISO-8601 UTC, and types them datetime', () => {
    const sample = step.operation.sample as Record<string, unknown>;
    const types = new Map((step.operation.outputFields ?? []).map((f) => [f.key, f.type]));
    for (const [key, value] of leaves(sample)) {
      if (/(At|_at|date)$/i.test(key) && value !== null) {
        expect(value, key).toMatch(ISO_DATE);
        expect(types.get(key), key).toBe('datetime');
      }
    }
  });

  it('labels its static input fields in Title Case and feeds dropdowns from hidden triggers that exist', () => {
    for (const field of (step.operation.inputFields ?? []).filter((f): f is Field => typeof f === 'object' && f !== null)) {
      expect(field.label).toBe(titleCase(field.label ?? ''));
      if (field.dynamic) {
        const [triggerKey, idKey, labelKey] = field.dynamic.split('.');
        const source = triggers.find((t) => t.key === triggerKey);
        expect(source, field.dynamic).toBeDefined();
        expect(source!.display.hidden).toBe(true);
        expect(source!.operation.sample).toHaveProperty(idKey!);
        expect(source!.operation.sample).toHaveProperty(labelKey!);
      }
    }
  });
});

describe('the connection', () => {
  it('has a connection label and a test', () => {
    expect(typeof App.authentication?.connectionLabel).toBe('function');
    expect(typeof App.authentication?.test).toBe('function');
  });
});

/** Zapier's build guidelines for what a person acts on and how ids are picked (offline part). */
const EVALUATION_KEYS = ['overall_score', 'band', 'criteria', 'criteria_text', 'profile_name', 'founders_summary', 'report_markdown', 'report_summary', 'workspace_url'];
const SUBMISSION_STEPS = [App.triggers.new_submission, App.triggers.submission_completed, App.triggers.submission_failed, App.searches.find_submission, App.creates.create_submission] as unknown as Step[];

describe.each(SUBMISSION_STEPS.map((s): [string, Step] => [s.key, s]))('submission step %s', (_key, step) => {
  it('outputs the evaluation: score and band, each criterion, profile name, founders, report as Markdown and text, workspace link', () => {
    const keys = (step.operation.outputFields ?? []).map((f) => f.key);
    for (const key of EVALUATION_KEYS) expect(keys, key).toContain(key);
    const labels = new Map((step.operation.outputFields ?? []).map((f) => [f.key, f.label]));
    expect(labels.get('report_markdown')).toBe('Report (Markdown)');
    expect(labels.get('workspace_url')).toBe('Link to the Submission in the Workspace');
    const sample = step.operation.sample as Record<string, unknown>;
    expect(sample['workspace_url']).toBe(`${sample['workspace_url']}`.replace(/\/workspace\/submissions\/.*$/, `/workspace/submissions/${String(sample['id'])}`));
    expect((sample['criteria'] as unknown[]).length).toBeGreaterThan(0);
  });
});

const staticInputs = (step: Step): (Field & { required?: boolean; search?: string })[] =>
  (step.operation.inputFields ?? []).filter((f): f is Field => typeof f === 'object' && f !== null);

describe.each(all.filter(([kind]) => kind !== 'trigger'))('%s %s inputs', (_kind, step) => {
  it('asks for the required inputs first', () => {
    const required = staticInputs(step).map((f) => f.required === true);
    expect(required, step.key).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
  });

  it('picks existing records (profile, benchmark tag, submission) from dynamic dropdowns; a submission also through Find Submission', () => {
    for (const field of staticInputs(step)) {
      const picksExisting = field.key === 'profile_id' || field.key === 'benchmark_tag_id' || (field.key === 'record_id' && step.key.startsWith('attach_'));
      if (!picksExisting) continue;
      expect(field.dynamic, `${step.key}.${field.key}`).toBeTruthy();
      if (field.key === 'record_id') expect(field.search).toBe('find_submission.record_id');
    }
  });
});

it('Attach Transcript and Attach Resource accept a file', () => {
  for (const step of [App.creates.attach_transcript, App.creates.attach_resource] as unknown as Step[]) {
    expect(staticInputs(step).find((f) => f.key === 'file')?.type).toBe('file');
  }
});
