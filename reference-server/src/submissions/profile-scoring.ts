import type { Criterion, CriterionRule, ProfileRecord } from './profiles.js';
import type { CriterionScore, Evaluation, FieldValue, Founder, FounderAssessment, Report, ScoreSummary, SubmissionError } from './submission-records.js';

/**
 * Deterministic scoring of a submission against its profile: the same inputs always give the
 * same evaluation (no clock but `now` for the report's timestamp, no randomness). The arithmetic
 * of each rule is in profiles.ts and docs/automation.md#scoring.
 *
 * overall = Σ weightᵢ·scoreᵢ / Σ weightᵢ over the criteria that could be computed, one decimal.
 * When the profile has an assessment criterion and the primary person has no result, that
 * criterion is pending: the outcome is `awaiting_assessment` with a partial score.
 */
export interface ScoringInput {
  profile: ProfileRecord;
  fields: Record<string, FieldValue>;
  resources: { name: string; url: string | null }[];
  transcripts: { title: string | null; text: string }[];
  /** Dimension percentiles and identity of the person's assessment result in this organisation, if any. */
  assessmentOf(email: string): { resultId: string; revision: number; percentiles: Record<string, number> } | undefined;
  now: string;
}

export type ScoringOutcome =
  | { status: 'completed' | 'awaiting_assessment'; evaluation: Evaluation }
  | { status: 'failed'; error: SubmissionError };

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp100 = (n: number) => Math.max(0, Math.min(100, n));

function isPresent(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function asNumber(value: FieldValue | undefined): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const n = Number(value.replace(/[,_\s$€£]/g, ''));
    return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function asText(value: FieldValue | undefined): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Every string and number in a field value, flattened, for keyword search. */
function textOf(value: FieldValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (typeof value === 'object') return Object.values(value).map(textOf).join(' ');
  return String(value);
}

/** The emails of the people a submission names, case-folded: the same whatever the profile (its kind sets only their roles). */
export function founderEmails(fields: Record<string, FieldValue>): string[] {
  return foundersOf(fields, 'founder').flatMap((f) => (f.email ? [f.email] : []));
}

/** The people of the submission: the primary person from the top-level fields, then `fields.founders`. */
export function foundersOf(fields: Record<string, FieldValue>, kind: ProfileRecord['kind']): Omit<Founder, 'assessment'>[] {
  const primary = {
    name: asText(fields.name),
    email: asText(fields.email)?.toLowerCase() ?? null,
    role: asText(fields.role) ?? (kind === 'founder' || kind === 'deal' ? 'Founder' : null),
    primary: true,
  };
  const others = Array.isArray(fields.founders) ? fields.founders : [];
  const rest = others
    .filter((f): f is Record<string, FieldValue> => typeof f === 'object' && f !== null && !Array.isArray(f))
    .map((f) => ({ name: asText(f.name), email: asText(f.email)?.toLowerCase() ?? null, role: asText(f.role), primary: false }))
    .filter((f) => f.email !== primary.email || f.email === null);
  return [primary, ...rest];
}

function fitOf(percentiles: Record<string, number>, targets: Partial<Record<string, number>>): number {
  const gaps = Object.entries(targets).flatMap(([dimension, target]) =>
    target === undefined || percentiles[dimension] === undefined ? [] : [Math.abs((percentiles[dimension] as number) - target)],
  );
  return gaps.length === 0 ? 0 : round1(clamp100(100 - gaps.reduce((a, b) => a + b, 0) / gaps.length));
}

function scoreRule(rule: CriterionRule, input: ScoringInput, founders: Founder[]): { score: number | null; evidence: string } {
  const { fields } = input;
  switch (rule.type) {
    case 'field_present':
      return isPresent(fields[rule.field])
        ? { score: 100, evidence: `${rule.field} is given` }
        : { score: 0, evidence: `${rule.field} is missing` };
    case 'field_in': {
      const value = asText(fields[rule.field]);
      const hit = value !== null && rule.values.some((v) => v.toLowerCase() === value.toLowerCase());
      return { score: hit ? 100 : 0, evidence: value === null ? `${rule.field} is missing` : `${rule.field} is "${value}"${hit ? '' : ', not one of ' + rule.values.join(', ')}` };
    }
    case 'number_at_least': {
      const value = asNumber(fields[rule.field]);
      if (value === undefined) return { score: 0, evidence: `${rule.field} is missing or not a number` };
      return { score: round1(clamp100((100 * value) / rule.target)), evidence: `${rule.field} is ${value} (target ${rule.target})` };
    }
    case 'keywords': {
      const haystack = [
        ...(rule.in.includes('fields') ? Object.values(fields).map(textOf) : []),
        ...(rule.in.includes('transcripts') ? input.transcripts.map((t) => `${t.title ?? ''} ${t.text}`) : []),
        ...(rule.in.includes('resources') ? input.resources.map((r) => `${r.name} ${r.url ?? ''}`) : []),
      ]
        .join(' \n ')
        .toLowerCase();
      const found = rule.keywords.filter((k) => haystack.includes(k.toLowerCase()));
      return {
        score: round1(clamp100((100 * Math.min(found.length, rule.saturation)) / rule.saturation)),
        evidence: found.length ? `found ${found.join(', ')}` : `none of ${rule.keywords.join(', ')} found`,
      };
    }
    case 'resource_count': {
      const n = input.resources.length;
      return { score: round1(clamp100((100 * n) / rule.target)), evidence: `${n} resource${n === 1 ? '' : 's'} attached (target ${rule.target})` };
    }
    case 'transcript_words': {
      const words = input.transcripts.reduce((sum, t) => sum + wordCount(t.text), 0);
      return { score: round1(clamp100((100 * words) / rule.target)), evidence: `${words} transcript words (target ${rule.target})` };
    }
    case 'assessment_fit': {
      const assessed = founders.filter((f) => f.assessment);
      const primary = founders.find((f) => f.primary);
      if (!primary?.assessment) return { score: null, evidence: `waiting for ${primary?.email ?? 'the person'} to complete the assessment` };
      const fits = assessed.map((f) => fitOf((f.assessment as FounderAssessment).percentiles, rule.targets));
      return { score: round1(fits.reduce((a, b) => a + b, 0) / fits.length), evidence: `fit of ${assessed.length} assessed founder${assessed.length === 1 ? '' : 's'} to the target percentiles` };
    }
  }
}

export function wordCount(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

function band(overall: number): ScoreSummary['band'] {
  return overall >= 75 ? 'strong' : overall >= 55 ? 'promising' : overall >= 35 ? 'mixed' : 'weak';
}

function report(profile: ProfileRecord, summary: ScoreSummary, criteria: CriterionScore[], subject: string, now: string): Report {
  const strengths = criteria.filter((c) => c.score !== null && c.score >= 75).map((c) => c.label);
  const concerns = criteria.filter((c) => c.score !== null && c.score < 40).map((c) => c.label);
  const parts = [
    `${subject} scores ${summary.overall} of 100 against "${profile.name}" (${summary.band}).`,
    strengths.length ? `Strongest on ${strengths.join(', ')}.` : '',
    concerns.length ? `Weakest on ${concerns.join(', ')}.` : '',
    summary.partial ? 'The assessment is still pending; the score will be updated when the result arrives.' : '',
  ];
  return { summary: parts.filter(Boolean).join(' '), strengths, concerns, generated_at: now };
}

function missingRequired(profile: ProfileRecord, fields: Record<string, FieldValue>): string[] {
  return profile.required_fields.filter((field) => !isPresent(fields[field]));
}

export function scoreSubmission(input: ScoringInput): ScoringOutcome {
  const { profile, fields } = input;
  const missing = missingRequired(profile, fields);
  if (missing.length > 0) {
    return {
      status: 'failed',
      error: { code: 'missing_required_fields', message: `The profile "${profile.name}" needs fields ${missing.join(', ')} to score a submission.`, fields: missing },
    };
  }
  const founders: Founder[] = foundersOf(fields, profile.kind).map((f) => {
    const result = f.email ? input.assessmentOf(f.email) : undefined;
    const targets = profile.criteria.find((c) => c.rule.type === 'assessment_fit')?.rule;
    return {
      ...f,
      assessment: result
        ? {
            result_id: result.resultId,
            revision: result.revision,
            percentiles: result.percentiles,
            fit: targets?.type === 'assessment_fit' ? fitOf(result.percentiles, targets.targets) : 0,
          }
        : null,
    };
  });
  const criteria: CriterionScore[] = profile.criteria.map((c: Criterion) => ({
    key: c.key,
    label: c.label,
    weight: c.weight,
    ...scoreRule(c.rule, input, founders),
  }));
  const counted = criteria.filter((c) => c.score !== null);
  const weight = counted.reduce((sum, c) => sum + c.weight, 0);
  const overall = weight === 0 ? 0 : round1(counted.reduce((sum, c) => sum + c.weight * (c.score as number), 0) / weight);
  const hasAssessment = profile.criteria.some((c) => c.rule.type === 'assessment_fit');
  const pending = criteria.some((c) => c.score === null);
  const summary: ScoreSummary = {
    overall,
    band: band(overall),
    partial: pending,
    assessment: !hasAssessment ? 'not_required' : pending ? 'pending' : 'included',
  };
  const subject = asText(fields.company) ?? asText(fields.name) ?? 'The submission';
  return {
    status: pending ? 'awaiting_assessment' : 'completed',
    evaluation: { score: summary, criteria, founders, report: report(profile, summary, criteria, subject, input.now) },
  };
}
