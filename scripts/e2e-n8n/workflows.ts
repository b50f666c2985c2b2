// The workflows the e2e run imports into n8n: one per resource of the action node (each ending in
// what it checks), and the trigger workflow. Node types are `CUSTOM.<name>`, as n8n names nodes it
// loads from N8N_CUSTOM_EXTENSIONS.
import type { NodeItems } from './run-output.js';

export const CREDENTIALS = {
  automation: { id: 'e2eAutomationKey', name: 'E2E Automation API', type: 'evaluationAutomationApi' },
  assessment: { id: 'e2eAssessmentKey', name: 'E2E Assessment API', type: 'evaluationAssessmentApi' },
  partner: { id: 'e2ePartnerOAuth2', name: 'E2E Partner OAuth2', type: 'evaluationPartnerOAuth2Api' },
  // The certification run's own credentials (imported once the run has made them).
  runAutomation: { id: 'e2eRunAutomation', name: 'Certification run: automation key', type: 'evaluationAutomationApi' },
  runAssessment: { id: 'e2eRunDeveloper1', name: 'Certification run: developer key', type: 'evaluationAssessmentApi' },
  runPartner: { id: 'e2eRunPartnerOA2', name: 'Certification run: partner OAuth2', type: 'evaluationPartnerOAuth2Api' },
} as const;

export type CredentialKind = keyof typeof CREDENTIALS;

export interface Step {
  name: string;
  parameters: Record<string, unknown>;
  credential?: CredentialKind;
  type?: string;
  typeVersion?: number;
  /** n8n's node setting "Execute Once": one run for all incoming items */
  executeOnce?: boolean;
  /** n8n's node setting "Retry On Fail", with n8n's defaults (3 tries, 1 s apart) */
  retryOnFail?: boolean;
}

export interface ResourceCheck {
  id: string;
  resource: string;
  steps: Step[];
  /** what the items show, for the report line; throws when they are not what the step promises */
  expect(items: NodeItems, context: { recordId: string; organizationName: string; email: string }): string;
}

export const node = (parameters: Record<string, unknown>, credential: CredentialKind, name: string): Step => ({ name, parameters, credential });

function only(items: NodeItems, name: string, atLeast = 1): Record<string, unknown>[] {
  const list = items[name];
  if (!list || list.length < atLeast) throw new Error(`${name} gave ${list?.length ?? 0} items (expected at least ${atLeast})`);
  return list;
}

function must(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

export const RECORD_ID = 'crm-e2e-n8n-1';

export const RESOURCE_CHECKS: ResourceCheck[] = [
  {
    id: 'e2eWfAccount0001',
    resource: 'Account',
    steps: [node({ resource: 'account', operation: 'getMe' }, 'automation', 'Get Me')],
    expect(items, { organizationName, email }) {
      const [me] = only(items, 'Get Me');
      must(me?.['orgName'] === organizationName && me['user'] === email, `Get Me gave ${JSON.stringify(me)}`);
      return `Get Me → ${email} · ${organizationName}`;
    },
  },
  {
    id: 'e2eWfProfile0001',
    resource: 'Profile',
    steps: [node({ resource: 'profile', operation: 'getAll', returnAll: true }, 'automation', 'Get Profiles')],
    expect(items) {
      const profiles = only(items, 'Get Profiles');
      must(profiles.every((p) => String(p['id']).startsWith('prf_')), 'a profile without a prf_ id');
      return `Get Many → ${profiles.length} profiles`;
    },
  },
  {
    id: 'e2eWfSubmission1',
    resource: 'Submission',
    steps: [
      node(
        {
          resource: 'submission',
          operation: 'create',
          recordId: RECORD_ID,
          profileId: 'prf_preseed_founder',
          fieldsInput: 'keyValue',
          fieldValues: { field: [{ name: 'email', value: 'ada@founders.example' }, { name: 'name', value: 'Ada Founder' }, { name: 'company', value: 'Analytical Engines' }] },
        },
        'automation',
        'Create Submission',
      ),
      node({ resource: 'submission', operation: 'getAll', returnAll: false, limit: 5, filters: { record_id: RECORD_ID } }, 'automation', 'Get Submissions'),
    ],
    expect(items, { recordId }) {
      const [created] = only(items, 'Create Submission');
      must(created?.['record_id'] === recordId, `created submission has record_id ${String(created?.['record_id'])}`);
      const listed = only(items, 'Get Submissions');
      // Create answers {status, job_id, submission_id, record_id}; the list gives submissions by their id.
      must(listed.some((s) => s['id'] === created?.['submission_id']), `Get Many does not list ${String(created?.['submission_id'])}: ${JSON.stringify(listed)}`);
      return `Create → ${String(created?.['submission_id'])} (${String(created?.['status'])}); Get Many by record ID finds it`;
    },
  },
  {
    id: 'e2eWfResource001',
    resource: 'Resource',
    steps: [
      node({ resource: 'resource', operation: 'attach', attachFrom: 'url', submission: { __rl: true, mode: 'recordId', value: RECORD_ID }, url: 'https://example.com/deck.pdf' }, 'automation', 'Attach Resource'),
      node({ resource: 'resource', operation: 'getAll', submission: { __rl: true, mode: 'recordId', value: RECORD_ID }, returnAll: true }, 'automation', 'Get Resources'),
    ],
    expect(items) {
      const [attached] = only(items, 'Attach Resource');
      const listed = only(items, 'Get Resources');
      must(listed.some((r) => r['id'] === attached?.['id']), 'Get Many does not list the attached resource');
      return `Attach (URL) → ${String(attached?.['id'])}; Get Many lists it`;
    },
  },
  {
    id: 'e2eWfTranscript1',
    resource: 'Transcript',
    steps: [
      node(
        { resource: 'transcript', operation: 'attach', attachFrom: 'text', submission: { __rl: true, mode: 'recordId', value: RECORD_ID }, text: 'Ada: we ship weekly.', additionalFields: { title: 'Intro call' } },
        'automation',
        'Attach Transcript',
      ),
      node({ resource: 'transcript', operation: 'getAll', submission: { __rl: true, mode: 'recordId', value: RECORD_ID }, returnAll: true }, 'automation', 'Get Transcripts'),
    ],
    expect(items) {
      const [attached] = only(items, 'Attach Transcript');
      const listed = only(items, 'Get Transcripts');
      must(listed.some((t) => t['id'] === attached?.['id']), 'Get Many does not list the attached transcript');
      return `Attach (text) → ${String(attached?.['id'])}; Get Many lists it`;
    },
  },
  {
    id: 'e2eWfWebhook0001',
    resource: 'Webhook',
    steps: [
      node({ resource: 'webhook', operation: 'create', url: 'http://127.0.0.1:9/e2e-hook', events: ['submission.completed'] }, 'automation', 'Create Webhook'),
      node({ resource: 'webhook', operation: 'getAll', returnAll: true }, 'automation', 'Get Webhooks'),
      node({ resource: 'webhook', operation: 'delete', webhookId: "={{ $('Create Webhook').item.json.id }}" }, 'automation', 'Delete Webhook'),
    ],
    expect(items) {
      const [created] = only(items, 'Create Webhook');
      must(String(created?.['secret']).startsWith('whsec_'), 'the created subscription shows no whsec_ secret');
      must(only(items, 'Get Webhooks').some((w) => w['id'] === created?.['id']), 'Get Many does not list the new subscription');
      only(items, 'Delete Webhook');
      return `Create → ${String(created?.['id'])} (secret shown once); Get Many lists it; Delete`;
    },
  },
  {
    id: 'e2eWfAssessment1',
    resource: 'Assessment',
    steps: [node({ resource: 'assessment', operation: 'getQuestions', output: 'questions' }, 'assessment', 'Get Questions')],
    expect(items) {
      const questions = only(items, 'Get Questions');
      must(questions.length === 140, `expected the 140 questions, got ${questions.length}`);
      return `Get Questions (one item per question) → ${questions.length} questions`;
    },
  },
  {
    id: 'e2eWfBenchmark01',
    resource: 'Benchmark Tag',
    steps: [node({ resource: 'benchmarkTag', operation: 'getAll', returnAll: true }, 'assessment', 'Get Benchmark Tags')],
    expect(items) {
      const tags = only(items, 'Get Benchmark Tags');
      return `Get Many → ${tags.length} benchmark tags (${tags.map((t) => String(t['id'])).slice(0, 3).join(', ')}…)`;
    },
  },
  {
    // The same node signed in as a user (Authentication: OAuth2): the account, then the submission the
    // Submission workflow created, read through the signed-in API.
    id: 'e2eWfOAuth2Acct1',
    resource: 'Account and Submission (OAuth2)',
    steps: [
      node({ resource: 'account', authentication: 'oAuth2', operation: 'getMe' }, 'partner', 'Get Me (OAuth2)'),
      node(
        { resource: 'submission', authentication: 'oAuth2', operation: 'get', submission: { __rl: true, mode: 'recordId', value: RECORD_ID } },
        'partner',
        'Get Submission (OAuth2)',
      ),
    ],
    expect(items, { email, recordId }) {
      const [me] = only(items, 'Get Me (OAuth2)');
      must(JSON.stringify(me).includes(email), `Get Me (OAuth2) does not name ${email}: ${JSON.stringify(me)}`);
      const [submission] = only(items, 'Get Submission (OAuth2)');
      must(submission?.['record_id'] === recordId, `Get Submission (OAuth2) gave ${JSON.stringify(submission)}`);
      return `Get Me (OAuth2 token from the sign-in pages) → ${email}; Get Submission by record ID → ${String(submission?.['id'])}`;
    },
  },
];

/** n8n's workflow ids are 16 letters and digits; anything else is treated as no id. */
export const TRIGGER_WORKFLOW_ID = 'e2eWfTrigger0001';

export interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  credentials?: Record<string, { id: string; name: string }>;
  webhookId?: string;
  executeOnce?: boolean;
  retryOnFail?: boolean;
}

function workflow(id: string, name: string, nodes: WorkflowNode[]) {
  const connections: Record<string, { main: { node: string; type: 'main'; index: number }[][] }> = {};
  nodes.forEach((n, i) => {
    const next = nodes[i + 1];
    if (next) connections[n.name] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
  });
  return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' }, pinData: {} };
}

const withCredential = (step: Step, index: number): WorkflowNode => {
  const credential = step.credential ? CREDENTIALS[step.credential] : undefined;
  return {
    id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    name: step.name,
    type: step.type ?? 'CUSTOM.evaluationPlatform',
    typeVersion: step.typeVersion ?? 1,
    position: [index * 240, 0],
    parameters: step.parameters,
    ...(step.executeOnce ? { executeOnce: true } : {}),
    ...(step.retryOnFail ? { retryOnFail: true } : {}),
    ...(credential ? { credentials: { [credential.type]: { id: credential.id, name: credential.name } } } : {}),
  };
};

const MANUAL: Step = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };

/** A workflow run by `n8n execute`: a manual start, then `steps` one after the other. */
export function stepsWorkflow(id: string, name: string, steps: Step[]) {
  return workflow(id, name, [MANUAL, ...steps].map(withCredential));
}

export const resourceWorkflow = (check: ResourceCheck) => stepsWorkflow(check.id, `E2E ${check.resource}`, check.steps);

/** The trigger on submission.queued, handing each event to `forwardTo` (the e2e run's own receiver). */
export function triggerWorkflow(forwardTo: string) {
  const trigger: WorkflowNode = {
    ...withCredential({ name: 'On Submission Queued', type: 'CUSTOM.evaluationPlatformTrigger', parameters: { source: 'automation', events: ['submission.queued'] }, credential: 'automation' }, 0),
    webhookId: '5f0c7c52-8f3e-4d51-9a2b-e2e0000000a1',
  };
  const forward = withCredential(
    {
      name: 'Forward Event',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.2,
      parameters: { method: 'POST', url: forwardTo, sendBody: true, specifyBody: 'json', jsonBody: '={{ JSON.stringify($json) }}', options: {} },
    },
    1,
  );
  return workflow(TRIGGER_WORKFLOW_ID, 'E2E Trigger', [trigger, forward]);
}
