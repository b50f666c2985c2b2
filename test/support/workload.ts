import { validSubmission } from '../conformance/checks/assessment.js';
import type { Credentials } from '../conformance/credentials.js';
import { authorizationCode, tokenRequest } from '../conformance/oauth-flow.js';
import { standaloneContext } from '../conformance/standalone.js';
import { fetchHonouringRateLimit } from './rate-limited-fetch.js';

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
  /** The refresh token of the last acknowledged rotation: a connector stores it and must be able to use it. */
  refreshToken?: string;
  /** Automation submissions acknowledged (`queued`): record_id → job_id. */
  submissions: Map<string, string>;
}

export const newWriteLog = (): WriteLog => ({ created: new Map(), replaced: new Map(), submissions: new Map() });

export interface WriteTarget {
  baseUrl: string;
  credentials: Credentials;
}

/** Signs in through the real pages once and keeps the refresh token, for `rotateRefreshToken`. */
export async function signInForRefresh(target: WriteTarget, log: WriteLog): Promise<void> {
  const t = standaloneContext(target.baseUrl, target.credentials);
  const code = await authorizationCode(t);
  const reply = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: target.credentials.oauthRedirectUri });
  const body = reply.json as { refresh_token?: string };
  if (reply.status !== 200 || !body.refresh_token) throw new UnexpectedAnswer('POST /api/oauth/token (authorization_code)', reply.status, reply.text);
  log.refreshToken = body.refresh_token;
}

/** One refresh-token rotation, as a connector does before each call when its token expired. */
export async function rotateRefreshToken(target: WriteTarget, log: WriteLog): Promise<void> {
  const c = target.credentials;
  const response = await postJson(target, '/api/oauth/token', '', { grant_type: 'refresh_token', refresh_token: log.refreshToken, client_id: c.oauthClientId, client_secret: c.oauthClientSecret });
  const body = (await response.json()) as { refresh_token?: string };
  if (!response.ok || !body.refresh_token) throw new UnexpectedAnswer('POST /api/oauth/token (refresh_token)', response.status, body);
  log.refreshToken = body.refresh_token;
}

async function postJson(target: WriteTarget, path: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${target.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
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

/** The first automation profile, or undefined while the server has no profiles route. */
export async function firstAutomationProfile(target: WriteTarget): Promise<string | undefined> {
  const response = await fetch(`${target.baseUrl}/api/automation/profiles`, { headers: { 'x-api-key': target.credentials.automationKey } });
  if (!response.ok) {
    await response.arrayBuffer();
    return undefined;
  }
  const body: unknown = await response.json();
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? Object.values(body).find(Array.isArray) : undefined;
  const id = (list?.[0] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Queues an automation submission (a write the spec says is acknowledged with `queued`). */
export async function createSubmission(target: WriteTarget, log: WriteLog, profileId: string, recordId: string): Promise<void> {
  const response = await postJson(target, '/api/automation/submissions', target.credentials.automationKey, {
    record_id: recordId,
    profile_id: profileId,
    fields: { email: `${recordId}@crash.example`, name: 'Crash Founder', company: 'Crash Co' },
  });
  const body = (await response.json()) as { status?: string; job_id?: string };
  if (!response.ok || body.status !== 'queued' || !body.job_id) throw new UnexpectedAnswer('POST /api/automation/submissions', response.status, body);
  log.submissions.set(recordId, body.job_id);
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
  for (const [recordId, jobId] of log.submissions) {
    checked += 1;
    const response = await fetchHonouringRateLimit(`${target.baseUrl}/api/automation/submissions?record_id=${encodeURIComponent(recordId)}`, { headers: { 'x-api-key': target.credentials.automationKey } });
    const text = await response.text();
    if (response.status !== 200 || !text.includes(`"${jobId}"`)) problems.push(`submission ${recordId} (${jobId}): ${response.status} ${text.slice(0, 200)}`);
  }
  if (log.refreshToken) {
    // The last acknowledged refresh token must still refresh: either it is current, or a rotation
    // that was never acknowledged landed and it is the previous token, inside the grace window.
    checked += 1;
    try {
      await rotateRefreshToken(target, log);
    } catch (error) {
      problems.push(`the last acknowledged refresh token no longer refreshes: ${(error as Error).message}`);
    }
  }
  return { checked, problems };
}
