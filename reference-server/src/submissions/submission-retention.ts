import type { RetentionScan } from '../retention/index.js';
import { removeResourceFile } from './attachments.js';
import { JOBS, RECORD_IDS, RESOURCES, SUBMISSIONS, TRANSCRIPTS, type RecordIdEntry, type SubmissionRecord } from './submission-records.js';

const FINISHED = new Set<string>(['completed', 'failed']);

/**
 * Retention of Automation submissions: finished ones past their window, with their record id,
 * resources and transcripts; a removed upload's stored bytes go once the removal is durable.
 */
export async function submissionRetention(scan: RetentionScan): Promise<void> {
  const { db, now, windows } = scan;
  for (const scope of await db.scopes(SUBMISSIONS)) {
    if (scan.full()) return;
    // Walked in creation order; a submission is kept while unfinished, changed inside the window, or with a job pending.
    const jobs = new Set((await db.all(JOBS, scope)).map((job) => job.id));
    const found = await scan.expired<SubmissionRecord>(
      SUBMISSIONS,
      scope,
      now - windows.submissionsMs,
      (s) => Date.parse(s.createdAt),
      (s) => !FINISHED.has(s.status) || Date.parse(s.updatedAt) > now - windows.submissionsMs || jobs.has(s.id),
    );
    scan.take(SUBMISSIONS, scope, found);
    for (const id of found.ids) {
      const submission = (await db.get<SubmissionRecord>(SUBMISSIONS, scope, id)) as SubmissionRecord;
      if ((await db.get<RecordIdEntry>(RECORD_IDS, scope, submission.recordId))?.submissionId === id) scan.take(RECORD_IDS, scope, { ids: [submission.recordId], more: false });
      scan.take(RESOURCES, scope, { ids: submission.resourceIds, more: false });
      scan.take(TRANSCRIPTS, scope, { ids: submission.transcriptIds, more: false });
      for (const resourceId of submission.resourceIds) scan.afterwards.push((ctx) => removeResourceFile(ctx, scope, resourceId));
    }
  }
}
