import type { Credentials } from '../conformance/credentials.js';
import { validSubmission } from '../conformance/checks/assessment.js';

/**
 * The writes the crash and soak runs make, and what each acknowledged one must leave behind.
 * A write is acknowledged when its 2xx response arrived whole; a write whose response never came
 * (the server died) may or may not be there, and the verification allows both.
 */
export interface WriteLog {
  /** Results created under a fresh email: responseId by email. */
  created: Map<string, string>;
  /**
   * Emails written again and again: the full_name of the last acknowledged write, and the names of
   * the writes sent after it whose answer never came (any of them may be what was stored).
   */
  replaced: Map<string, { acked?: string; unacked: string[] }>;
}

export const newWriteLog = (): WriteLog => ({ created: new Map(), replaced: new Map() });

export interface WriteTarget {
  baseUrl: string;
  credentials: Pick<Credentials, 'developerKey' | 'automationKey'>;
}

async function postJson(target: WriteTarget, path: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${target.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
}

/** Submits a new result under a fresh email. Throws if the answer is not a 2xx (or never came). */
export async function createResult(target: WriteTarget, log: WriteLog, email: string): Promise<void> {
  const response = await postJson(target, '/api/v1/assessment/submit', target.credentials.developerKey, validSubmission(email, email.length));
  const body = (await response.json()) as { responseId?: string };
  if (!response.ok || !body.responseId) throw new UnexpectedAnswer('POST /api/v1/assessment/submit', response.status, body);
  log.created.set(email, body.responseId);
}

/** Replaces the result of `email` with a submission named `name` (the upsert). */
export async function replaceResult(target: WriteTarget, log: WriteLog, email: string, name: string): Promise<void> {
  const entry = log.replaced.get(email) ?? { unacked: [] };
  log.replaced.set(email, entry);
  entry.unacked.push(name);
  const response = await postJson(target, '/api/v1/assessment/submit', target.credentials.developerKey, { ...validSubmission(email, name.length), full_name: name });
  const body: unknown = await response.json();
  if (!response.ok) throw new UnexpectedAnswer('POST /api/v1/assessment/submit', response.status, body);
  entry.acked = name;
  entry.unacked = [];
}

export class UnexpectedAnswer extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${request} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/** Reads back every acknowledged write; returns one line per write that is missing or wrong. */
export async function verifyWrites(target: WriteTarget, log: WriteLog): Promise<{ checked: number; problems: string[] }> {
  const problems: string[] = [];
  let checked = 0;
  const read = async (query: string) => {
    const response = await fetch(`${target.baseUrl}/api/v1/assessment/results?${query}`, { headers: { 'x-api-key': target.credentials.developerKey } });
    return { status: response.status, body: (await response.json()) as { result?: { id?: string; responseId?: string; fullName?: string } } };
  };
  for (const [email, responseId] of log.created) {
    checked += 1;
    const { status, body } = await read(`result_id=${encodeURIComponent(responseId)}`);
    if (status !== 200 || (body.result?.id ?? body.result?.responseId) !== responseId) problems.push(`result ${responseId} (${email}): ${status}`);
  }
  for (const [email, entry] of log.replaced) {
    if (entry.acked === undefined) continue;
    checked += 1;
    const { status, body } = await read(`email=${encodeURIComponent(email)}`);
    const allowed = [entry.acked, ...entry.unacked];
    const stored = body.result?.fullName;
    if (status !== 200 || stored === undefined || !allowed.includes(stored)) {
      problems.push(`${email}: stored ${status} ${String(stored)}, expected the last acknowledged "${entry.acked}"${entry.unacked.length ? ` or a later unacknowledged ${JSON.stringify(entry.unacked)}` : ''}`);
    }
  }
  return { checked, problems };
}
