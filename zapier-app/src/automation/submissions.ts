import type { ZObject } from 'zapier-platform-core';
import { requireEvaluation, type Submission } from './evaluation.js';
import { listPage } from './list.js';

/** The newest submissions, optionally of one status, each with its evaluation. */
export async function listSubmissions(z: ZObject, query: { status?: string; limit: number }): Promise<Submission[]> {
  const page = await listPage<{ id: string }>(z, '/api/automation/submissions', query);
  return Promise.all(page.data.map((s) => requireEvaluation(z, s.id)));
}
