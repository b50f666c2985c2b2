import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';
import { listPage } from './list.js';
import { submissionSummary, type Submission } from './submission-fields.js';

export async function getSubmission(z: ZObject, id: string): Promise<Submission> {
  const response = await z.request<Record<string, unknown>>(apiUrl(`/api/automation/submissions/${encodeURIComponent(id)}`));
  return submissionSummary(response.data);
}

/** The newest submissions, optionally of one status or record ID (record IDs are unique per organisation). */
export async function listSubmissions(z: ZObject, query: { status?: string; record_id?: string; limit: number }): Promise<Submission[]> {
  return (await listPage<Record<string, unknown>>(z, '/api/automation/submissions', query)).data.map(submissionSummary);
}
