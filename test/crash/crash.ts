import type { Credentials } from '../conformance/credentials.js';
import { randomInt, seededRandom } from '../support/random.js';
import { fetchHonouringRateLimit } from '../support/rate-limited-fetch.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createResult, createSubmission, firstAutomationProfile, newWriteLog, replaceResult, rotateRefreshToken, signInForRefresh, verifyWrites, type WriteLog, type WriteTarget } from '../support/workload.js';

export interface CrashOptions {
  dataDir: string;
  trials: number;
  /** Concurrent writers during each trial. */
  writers?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface TrialReport {
  trial: number;
  /** Writes acknowledged in this trial before the kill. */
  acked: number;
  /** Writes in flight when the server was killed (their outcome is unknown to the client). */
  inFlight: number;
  /** Acknowledged writes (all trials so far) read back after the restart. */
  verified: number;
  problems: string[];
}

export interface CrashReport {
  seed: number;
  trials: TrialReport[];
  /** After the last trial: a clean stop (which compacts the journal) and one more start; queued jobs must then all be processed. */
  afterCleanRestart: { verified: number; problems: string[] };
}

const DRAIN_TIMEOUT_MS = 60_000;

/** Jobs queued before the crashes must be processed after the restarts: none left queued or processing. */
async function waitForQueueToDrain(target: WriteTarget): Promise<string | undefined> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let pending: string[] = [];
  while (Date.now() < deadline) {
    pending = [];
    for (const status of ['queued', 'processing']) {
      const response = await fetchHonouringRateLimit(`${target.baseUrl}/api/automation/submissions?status=${status}&limit=5`, {
        headers: { 'x-api-key': target.credentials.automationKey },
      });
      const body = (await response.json()) as { data?: { record_id?: string }[] };
      pending.push(...(body.data ?? []).map((s) => `${String(s.record_id)} (${status})`));
    }
    if (pending.length === 0) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `submissions still not processed ${DRAIN_TIMEOUT_MS / 1000} s after the restart: ${pending.join(', ')}`;
}

/**
 * kill -9 the server in the middle of a write-heavy load (new results, upserts, refresh-token
 * rotations), start it again on the same folder, and check that it opens and that every write it
 * acknowledged is there; `trials` times.
 */
export async function runCrashTrials(options: CrashOptions): Promise<CrashReport> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const random = seededRandom(seed);
  const writers = options.writers ?? 4;
  const say = options.log ?? (() => {});
  const writes: WriteLog = newWriteLog();
  const trials: TrialReport[] = [];
  let credentials: Credentials | undefined;
  let server: ServerProcess = await startServerProcess(options.dataDir);
  credentials = server.credentials;
  if (!credentials) throw new Error('the first start did not seed the folder: give an empty data folder');
  const target = (s: ServerProcess): WriteTarget => ({ baseUrl: s.url, credentials: credentials as Credentials });
  await signInForRefresh(target(server), writes);
  // Automation submissions join the write mix once the server has the route.
  const profileId = await firstAutomationProfile(target(server));

  try {
    for (let trial = 1; trial <= options.trials; trial += 1) {
      const killAt = randomInt(random, 15, 60);
      let acked = 0;
      let inFlight = 0;
      let inFlightAtKill = 0;
      let dead = false;
      let killed: Promise<void> | undefined;
      const current = target(server);
      const writer = async (w: number) => {
        for (let n = 0; !dead; n += 1) {
          inFlight += 1;
          try {
            // Writer 0 also rotates the OAuth refresh token, one rotation at a time, as a connector does.
            const roll = random();
            if (w === 0 && roll < 0.3) await rotateRefreshToken(current, writes);
            else if (profileId && roll > 0.8) await createSubmission(current, writes, profileId, `crash-t${trial}-w${w}-${n}`);
            else if (roll < 0.65) await createResult(current, writes, `crash-t${trial}-w${w}-${n}@crash.example`);
            else await replaceResult(current, writes, `crash-w${w}@crash.example`, `t${trial} w${w} #${n}`);
            if (!dead) acked += 1;
          } catch (error) {
            if (dead) continue;
            dead = true; // stop the other writers too: this run has already failed
            throw error;
          } finally {
            inFlight -= 1;
          }
          if (!dead && acked >= killAt) {
            dead = true;
            inFlightAtKill = inFlight;
            killed = server.crash().then(() => say(`trial ${trial}: killed -9 after ${acked} acknowledged writes, ${inFlightAtKill} in flight`));
          }
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      await killed;
      server = await startServerProcess(options.dataDir);
      const { checked, problems } = await verifyWrites(target(server), writes);
      say(`trial ${trial}: restarted; ${checked} acknowledged writes read back, ${problems.length} missing or wrong`);
      trials.push({ trial, acked, inFlight: inFlightAtKill, verified: checked, problems });
    }
    await server.stop();
    server = await startServerProcess(options.dataDir);
    const afterCleanRestart = await verifyWrites(target(server), writes);
    if (writes.submissions.size > 0) {
      const stuck = await waitForQueueToDrain(target(server));
      if (stuck) afterCleanRestart.problems.push(stuck);
    }
    return { seed, trials, afterCleanRestart: { verified: afterCleanRestart.checked, problems: afterCleanRestart.problems } };
  } finally {
    await server.stop();
  }
}
