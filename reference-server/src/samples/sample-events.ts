import type { AppContext } from '../context.js';
import { assessmentEvent, DEMO_RESULT_EMAIL, demoPersonScored } from '../assessments/index.js';
import { DEMO_PROFILES } from '../submissions/index.js';
import { listResults, type AssessmentResult } from '../assessments/index.js';
import { workedExample } from '../psychometrics/index.js';
import { listAttachments, resourceView, transcriptPreview, type ResourceRecord, type TranscriptRecord } from '../submissions/index.js';
import { listProfiles, listSubmissions, submissionDetail, submissionSummary, type ProfileRecord } from '../submissions/index.js';
import type { SubmissionRecord, SubmissionStatus } from '../submissions/index.js';
import { scoreSubmission } from '../submissions/index.js';
import type { EventType } from '../webhooks/index.js';

const STATUS_OF: Partial<Record<EventType, SubmissionStatus>> = {
  'submission.completed': 'completed',
  'submission.awaiting_assessment': 'awaiting_assessment',
  'submission.failed': 'failed',
};

/**
 * The `data` of a test event of `type`: the organisation's newest real record the event is about
 * when there is one, so a receiver sees exactly what it will get; otherwise one made by the same
 * code from made-up inputs — a submission scored against the organisation's first profile (or the
 * demo founder profile), an assessment result scored from the worked example's answers. Either way
 * the data has the shape the contract documents give for the type (sample-events.test.ts).
 */
export async function sampleEventData(ctx: AppContext, orgId: string, type: EventType): Promise<Record<string, unknown>> {
  switch (type) {
    case 'submission.queued': {
      const real = (await listSubmissions(ctx, orgId, { limit: 1 })).items[0];
      return submissionSummary({ ...(real ?? (await madeUpSubmission(ctx, orgId, 'completed'))), status: 'queued', evaluation: null, error: null, processedAt: null });
    }
    case 'submission.completed':
    case 'submission.awaiting_assessment':
    case 'submission.failed': {
      const status = STATUS_OF[type] as SubmissionStatus;
      const real = (await listSubmissions(ctx, orgId, { limit: 1, status })).items[0];
      return submissionDetail(real ?? (await madeUpSubmission(ctx, orgId, status)));
    }
    case 'resource.attached': {
      const real = (await listAttachments<ResourceRecord>(ctx, orgId, 'resources', { limit: 1 })).items[0];
      return resourceView(real ?? madeUpResource(ctx));
    }
    case 'transcript.attached': {
      const real = (await listAttachments<TranscriptRecord>(ctx, orgId, 'transcripts', { limit: 1 })).items[0];
      return transcriptPreview(real ?? madeUpTranscript(ctx));
    }
    case 'assessment.completed':
    case 'assessment.replaced': {
      const result = (await listResults(ctx, orgId, { limit: 1 })).items[0] ?? madeUpResult(ctx, orgId);
      const previous = type === 'assessment.replaced' ? { ...result, revision: Math.max(1, result.revision - 1) } : undefined;
      const replaced = type === 'assessment.replaced' ? { ...result, revision: Math.max(2, result.revision) } : result;
      return assessmentEvent({ result: replaced, ...(previous ? { previous } : {}) }).data;
    }
  }
}

const isoNow = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now()).toISOString();

async function sampleProfile(ctx: AppContext, orgId: string): Promise<ProfileRecord> {
  const own = (await listProfiles(ctx, orgId))[0];
  if (own) return own;
  const demo = DEMO_PROFILES[0] as (typeof DEMO_PROFILES)[number];
  const now = isoNow(ctx);
  return { ...demo.input, id: demo.id, orgId, created_at: now };
}

async function madeUpSubmission(ctx: AppContext, orgId: string, status: SubmissionStatus): Promise<SubmissionRecord> {
  const profile = await sampleProfile(ctx, orgId);
  const now = isoNow(ctx);
  const fields: Record<string, string> = {
    email: DEMO_RESULT_EMAIL,
    name: 'Jordan Rivera',
    company: 'Acme Analytics',
    stage: 'seed',
    sector: 'software',
    summary: 'B2B analytics for logistics teams; 14 paying customers and two pilots.',
  };
  for (const field of profile.required_fields) fields[field] ??= `Sample ${field}`;
  const scored = scoreSubmission({
    profile,
    fields,
    resources: [],
    transcripts: [],
    assessmentOf: () => (status === 'awaiting_assessment' ? undefined : { resultId: 'res_sample', revision: 1, percentiles: SAMPLE_PERCENTILES }),
    now,
  });
  const failed = scoreSubmission({ profile: { ...profile, required_fields: [...profile.required_fields, 'email'] }, fields: {}, resources: [], transcripts: [], assessmentOf: () => undefined, now });
  return {
    id: 'sub_sample',
    orgId,
    jobId: 'job_sample',
    recordId: 'sample-record-1',
    profileId: profile.id,
    status,
    fields,
    filters: [],
    source: 'workspace test event',
    createdAt: now,
    updatedAt: now,
    processedAt: now,
    inputRevision: 1,
    runs: 1,
    evaluation: status !== 'failed' && scored.status !== 'failed' ? scored.evaluation : null,
    error: status === 'failed' && failed.status === 'failed' ? failed.error : null,
    resourceIds: [],
    transcriptIds: [],
  };
}

const SAMPLE_PERCENTILES = { achievement_drive: 80, perseverance: 75, resilience: 70, risk_tolerance: 55, innovativeness: 72, proactiveness: 78, self_efficacy: 74, autonomy: 66 };

function madeUpResource(ctx: AppContext): ResourceRecord {
  return {
    id: 'rsc_sample',
    submissionId: 'sub_sample',
    recordId: 'sample-record-1',
    kind: 'url',
    name: 'Pitch deck',
    url: 'https://example.com/acme-analytics-deck.pdf',
    contentType: null,
    sizeBytes: null,
    sha256: null,
    createdAt: isoNow(ctx),
  };
}

function madeUpTranscript(ctx: AppContext): TranscriptRecord {
  return {
    id: 'trn_sample',
    submissionId: 'sub_sample',
    recordId: 'sample-record-1',
    title: 'First call',
    text: 'We have 14 paying customers and two pilots; revenue grew 20% month over month.',
    segments: [],
    language: 'en',
    source: 'text',
    fileName: null,
    createdAt: isoNow(ctx),
  };
}

function madeUpResult(ctx: AppContext, orgId: string): AssessmentResult {
  const now = isoNow(ctx);
  return {
    id: 'res_sample',
    organizationId: orgId,
    ...demoPersonScored(workedExample()),
    emailKey: DEMO_RESULT_EMAIL,
    context: {},
    revision: 1,
    createdAt: now,
    submittedAt: now,
    crmSync: { status: 'not_configured', attempts: 0 },
    source: 'api',
  };
}
