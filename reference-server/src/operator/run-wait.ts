import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { getRun, reportOf, watchRun, type Report, type RunRecord } from '../certification/index.js';

/** The longest `certify.wait` holds its caller (over HTTP, well under any proxy's idle timeout). */
export const MAX_WAIT_MS = 25_000;

/** A report's version: equal reports, equal versions, so a caller can say which one it has seen. */
const versionOf = (report: Report): string => createHash('sha256').update(JSON.stringify(report)).digest('base64url');

/**
 * The run's report as soon as it differs from the version `seen`, or as it stands after `waitMs`
 * (or when `signal` aborts): woken by the run's own change notifications (watchRun), which every
 * transaction that changes a run sends, so nothing is read while nothing changes.
 */
export async function awaitRunChange(ctx: AppContext, run: RunRecord, input: { seen?: string | undefined; waitMs: number }, signal?: AbortSignal): Promise<{ report: Report; version: string }> {
  let wake: () => void = () => undefined;
  let changed = false;
  // Listening before the first read: a change committed between the read and the wait is not missed.
  const unlisten = await watchRun(ctx, run.id, () => {
    changed = true;
    wake();
  });
  const timeout = AbortSignal.timeout(input.waitMs);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const stopped = new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
  try {
    for (;;) {
      changed = false;
      const report = reportOf((await getRun(ctx, run.orgId, run.id)) ?? run);
      const version = versionOf(report);
      if (version !== input.seen || stop.aborted) return { report, version };
      if (!changed) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stopped]);
    }
  } finally {
    await unlisten();
  }
}
