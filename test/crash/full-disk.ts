import { validSubmission } from '../conformance/checks/assessment.js';

/**
 * What a partner sees of a full disk, and what they must keep: results submitted until the disk
 * refuses, reads meanwhile, the disk freed, writes again, and every result that was acknowledged
 * still there (before and after a restart). Run on a disk filled through the injected file layer
 * and on a real size-limited tmpfs.
 */
export interface DiskServer {
  url: string;
  developerKey: string;
  automationKey: string;
}

export interface FullDiskSteps {
  /** Leaves the disk with room for a few more results at most. */
  fill(): Promise<void>;
  free(): Promise<void>;
}

export interface FullDiskReport {
  /** responseId by email, for every submit answered 2xx. */
  acknowledged: Map<string, string>;
  /** The first refusal: status, Retry-After and body. */
  refusal: { status: number; retryAfter: string | null; body: unknown };
  /** Other writes while full (an automation submission). */
  automationStatus: number;
  readyWhileFull: { status: number; body: unknown };
  /** Reads of acknowledged results while the disk was full: their statuses. */
  readStatuses: number[];
  /** Submits after the disk was freed, before the server was ever restarted. */
  afterFree: number[];
}

export const submit = (server: DiskServer, email: string) =>
  fetch(`${server.url}/api/v1/assessment/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.developerKey },
    body: JSON.stringify(validSubmission(email, email.length)),
  });

export const readResult = (server: DiskServer, responseId: string) =>
  fetch(`${server.url}/api/v1/assessment/results?result_id=${encodeURIComponent(responseId)}`, { headers: { 'x-api-key': server.developerKey } });

/** Polls /readyz as a load balancer does, until it answers 200 (at most `timeoutMs`). */
export async function untilReady(server: DiskServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(`${server.url}/readyz`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz did not answer 200 within ${timeoutMs} ms of the disk being freed`);
}

export async function fillAndFree(server: DiskServer, steps: FullDiskSteps, maxSubmits = 80): Promise<FullDiskReport> {
  const acknowledged = new Map<string, string>();
  const record = async (email: string) => {
    const response = await submit(server, email);
    const body = (await response.json()) as { responseId?: string };
    if (response.ok && body.responseId) acknowledged.set(email, body.responseId);
    return { response, body };
  };
  for (let i = 0; i < 3; i += 1) await record(`before-${i}@disk.example`);
  await steps.fill();
  let refusal: FullDiskReport['refusal'] | undefined;
  for (let i = 0; i < maxSubmits && !refusal; i += 1) {
    const { response, body } = await record(`filling-${i}@disk.example`);
    if (!response.ok) refusal = { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  }
  if (!refusal) throw new Error(`the disk took ${maxSubmits} more results: it was not filled`);
  const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers: { 'x-api-key': server.automationKey } })).json()) as { data: Array<{ id: string }> };
  const automation = await fetch(`${server.url}/api/automation/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.automationKey },
    body: JSON.stringify({ record_id: 'while-full', profile_id: profiles.data[0]?.id, fields: { email: 'while-full@disk.example', name: 'Full Disk', company: 'Disk Co' } }),
  });
  const ready = await fetch(`${server.url}/readyz`);
  const readyWhileFull = { status: ready.status, body: await ready.json() };
  const readStatuses = await Promise.all([...acknowledged.values()].map(async (id) => (await readResult(server, id)).status));
  await steps.free();
  await untilReady(server, 60_000);
  const afterFree: number[] = [];
  for (let i = 0; i < 3; i += 1) afterFree.push((await record(`after-${i}@disk.example`)).response.status);
  return { acknowledged, refusal, automationStatus: automation.status, readyWhileFull, readStatuses, afterFree };
}

/** Acknowledged results that do not read back (one line each). */
export async function missingResults(server: DiskServer, acknowledged: Map<string, string>): Promise<string[]> {
  const missing: string[] = [];
  for (const [email, id] of acknowledged) {
    const status = (await readResult(server, id)).status;
    if (status !== 200) missing.push(`${email} (${id}): ${status}`);
  }
  return missing;
}
