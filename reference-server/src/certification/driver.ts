import type { AppContext } from '../context.js';
import { defineJobQueue, type JobHandler, type JobRef, type JobWait } from '../jobs/index.js';
import type { OutboundClient } from '../outbound/index.js';
import { settleBounded } from './api-scenario.js';
import { allDecided } from './outcomes.js';
import { RUN_JOBS, type RunJob, type RunRecord } from './run-records.js';
import { dropEndedRunJob, finishRun, rescheduleRun } from './runs.js';
import { getRun, updateRun } from './run-store.js';
import { probesDone, sendNextProbe, settleRepeat, type EventSampler } from './webhook-probes.js';

/** How often a run whose probes are sent looks at its clocks (fault window, repeat watch, deadline). */
export const TICK_MS = 1000;

/** Certification runs: one job per running run, due at its next look; CertificationDriver handles it. */
export const CERTIFICATION_RUNS = defineJobQueue<RunJob>({ name: 'certification', collection: RUN_JOBS, concurrency: 4, dueAt: (job) => job.nextAt });

/**
 * Drives each running run, a durable job of the job runner: sends the receiver probes one after
 * another, ends the time-boxed steps, and finishes the run when every check is decided or its
 * deadline passed. The job (one `certification_jobs` record per running run) survives a restart,
 * so a run goes on where it was; with several servers on one store the runner's claim on the job
 * is the run's lease: one server drives it at a time, and another takes it over when that server
 * dies (docs/decisions/certification-runs-across-servers.md). Nothing about a run is kept here:
 * each look starts from the run's record, and every change is written to it before the look ends.
 */
export class CertificationDriver {
  readonly #ctx: AppContext;
  readonly #outbound: OutboundClient;
  readonly #sample: EventSampler;

  constructor(ctx: AppContext, outbound: OutboundClient, sample: EventSampler) {
    this.#ctx = ctx;
    this.#outbound = outbound;
    this.#sample = sample;
  }

  /** CERTIFICATION_RUNS' handler: one look at one run. */
  readonly handle: JobHandler = (ref, signal) => this.#step(ref, signal);

  /**
   * One look at a run. A look that finds nothing to do writes nothing: its next look is kept in
   * the runner's memory (`notBefore`), and its job record is rewritten only while probes are sent
   * (each of which changes the run anyway), so a restart keeps their spacing. An idle running run
   * costs no store write (61 of them once rewrote their records every second and the server
   * stopped answering).
   */
  async #step({ scope: orgId, id }: JobRef, signal: AbortSignal): Promise<void | JobWait> {
    const ctx = this.#ctx;
    const run = await getRun(ctx, orgId, id);
    if (run?.status === 'ready') {
      // Nobody began it: its job wakes at the deadline only, to end it and its credentials.
      if (ctx.clock.now() < run.deadline) return { notBefore: run.deadline };
      await finishRun(ctx, orgId, id, { reason: 'never_begun' });
      return;
    }
    if (!run || run.status !== 'running') {
      await finishRun(ctx, orgId, id, { reason: 'lost' });
      // A job left beside a run that ended elsewhere would be due at once, every time: it goes.
      await dropEndedRunJob(ctx, orgId, id);
      return;
    }
    if (ctx.clock.now() >= run.deadline) {
      await finishRun(ctx, orgId, id, { reason: 'timeout' });
      return;
    }
    const change = (fn: (r: RunRecord) => void) => updateRun(ctx, orgId, id, fn).then(() => undefined);
    const probing = !probesDone(run);
    const wait = probing ? await sendNextProbe(ctx, this.#outbound, this.#sample, run, change) : TICK_MS;
    if (signal.aborted) return;
    const now = ctx.clock.now();
    await change((r) => {
      settleRepeat(r, now);
      settleBounded(r, now);
    });
    const after = await getRun(ctx, orgId, id);
    if (after && after.status === 'running' && allDecided(after)) {
      await finishRun(ctx, orgId, id, { reason: 'decided' });
      return;
    }
    const nextAt = now + wait;
    // Not once the run ended meanwhile (finished by its operator during a probe): that would bring back the job its end removed.
    if (probing && after?.status === 'running') await rescheduleRun(ctx, orgId, id, nextAt);
    return { notBefore: nextAt };
  }
}
