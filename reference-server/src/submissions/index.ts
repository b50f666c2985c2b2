/**
 * The submissions domain, shared by the Automation API (REST) and GraphQL: profiles, submissions,
 * resources, transcripts, the organisation's field mapping, the durable processing queue and the
 * deterministic scoring that produces each submission's score, founders and report.
 *
 * Reading (pure store reads, any surface):
 *   listProfiles(ctx, orgId) → ProfileRecord[]            getProfile(ctx, orgId, id); profileView(p)
 *   listSubmissions(ctx, orgId, {limit, after?, status?, profileId?, recordId?, updatedSince?, search?}, searcher)
 *       → {items: SubmissionRecord[], next?: id}  newest first; throws InvalidCursorError.
 *       `search` goes through the SubmissionSearch the composition root built (search.ts).
 *   getSubmission(ctx, orgId, id) · findSubmission(ctx, orgId, {submissionId | jobId | recordId})
 *   submissionSummary(s) / submissionDetail(s)  — the API shapes (snake_case); detail adds
 *       criteria, founders (with assessment percentiles) and report once scored. Every API
 *       shape has its zod schema beside its view function (…Schema), typing it.
 *   resourcesOf / transcriptsOf(ctx, orgId, submission); listAttachments(ctx, orgId, kind, page)
 *
 * Writing:
 *   createSubmission(ctx, orgId, {record_id, profile_id, fields, filters?, source?})
 *       → {kind: 'created'|'existing', submission} | {kind: 'unknown_profile'}
 *         | {kind: 'conflict', submission, differs}   (a repeated record_id never duplicates)
 *   attachResource / attachTranscript(ctx, orgId, submissionId, input) → re-queues scoring
 *   getFieldMapping / setFieldMapping(ctx, orgId, mapping)
 *
 * Statuses: queued → processing → completed | awaiting_assessment | failed. A submission whose
 * profile has an assessment criterion and whose person (fields.email) has no assessment result
 * in the organisation is `awaiting_assessment` with a partial score; the `assessment.completed`
 * event re-queues it (see processor.ts). Each settled run emits submission.completed /
 * submission.awaiting_assessment / submission.failed with submissionDetail as data.
 *
 * The processor is built by the composition root (compose.ts).
 */

export {
  attachResource,
  attachTranscript,
  getResource,
  getTranscript,
  listAttachments,
  MAX_ATTACHMENTS,
  readResourceFile,
  resourcesOf,
  resourceView,
  resourceViewSchema,
  segmentViewSchema,
  transcriptPreview,
  transcriptPreviewSchema,
  transcriptsOf,
  transcriptView,
  transcriptViewSchema,
  type ResourceRecord,
  type ResourceView,
  type TranscriptPreview,
  type TranscriptRecord,
  type TranscriptView,
} from './attachments.js';
export { submissionInputSchema, type SubmissionInput } from './create-input.js';
export { submissionEventData } from './submission-events.js';
export {
  applyMapping,
  fieldMappingSchema,
  fieldMappingViewSchema,
  getFieldMapping,
  setFieldMapping,
  type FieldMapping,
  type FieldMappingView,
} from './field-mapping.js';
export {
  archiveProfile,
  createProfile,
  getProfile,
  listProfiles,
  updateProfile,
  profileView,
  profileViewSchema,
  type Criterion,
  type CriterionRule,
  type ProfileInput,
  type ProfileRecord,
  type ProfileView,
} from './profiles.js';
export { SUBMISSION_PROCESSING, SUBMISSION_RESCORING, SubmissionProcessor } from './processor.js';
export { SubmissionSearch } from './search.js';
export {
  criterionScoreSchema,
  fieldValueSchema,
  founderSchema,
  reportSchema,
  scoreSummarySchema,
  SUBMISSION_STATUSES,
  submissionErrorSchema,
  type Evaluation, type Founder, type Report, type ScoreSummary, type SubmissionRecord, type SubmissionStatus } from './submission-records.js';
export {
  countSubmissions,
  createSubmission,
  findSubmission,
  getSubmission,
  InvalidCursorError,
  listQueryOf,
  listSubmissions,
  MAX_SCAN,
  type CreateOutcome,
  type ListQuery,
} from './submission-service.js';
export { submissionDetail, submissionDetailSchema, submissionSummary, submissionSummarySchema, type SubmissionDetail, type SubmissionSummary } from './submission-views.js';
export { FILES_DIR, legacyUploadPaths, removeResourceFile } from './attachments.js';
export { profileInputSchema, profileKinds } from './profiles.js';
export { JOBS, RECORD_IDS, RESCORES, RESOURCES, SUBMISSIONS, TRANSCRIPTS, type RecordIdEntry } from './submission-records.js';
export { foundersOf, scoreSubmission } from './profile-scoring.js';
export { DEMO_PROFILES, seedAutomationDemo } from './demo-profiles.js';
export { submissionRetention } from './submission-retention.js';
