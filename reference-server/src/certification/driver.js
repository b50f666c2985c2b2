import { put } from '../store/store.js';
import { settleBounded } from './api-scenario.js';
import { allDecided } from './outcomes.js';
import { RUN_JOBS } from './records.js';
import { finishRun } from './runs.js';
import { getRun, updateRun } from './run-store.js';
import { probesDone, sendNextProbe, settleRepeat } from './webhook-probes.js';
/** How often a run whose probes are sent looks at its clocks (fault window, repeat watch, deadline). */
export const TICK_MS = 1000;
/**
 * Drives each running run, a durable job of the job runner: sends the receiver probes one after
 * another, ends the time-boxed steps, and finishes the run when every check is decided or its
 * deadline passed. The job (one `certification_jobs` record per running run) survives a restart,
 * so a run goes on where it was.
 */
export class CertificationDriver {
    #ctx;
    #sample;
    constructor(ctx, sample) {
        this.#ctx = ctx;
        this.#sample = sample;
    }
    queue = {
        name: 'certification',
        collection: RUN_JOBS,
        concurrency: 4,
        dueAt: (job) => job.nextAt,
        run: (ref, signal) => this.#step(ref, signal),
    };
    async #step({ scope: orgId, id }, signal) {
        const ctx = this.#ctx;
        const run = getRun(ctx, orgId, id);
        if (!run || run.status !== 'running') {
            await finishRun(ctx, orgId, id, 'the run record is gone');
            return;
        }
        if (ctx.clock.now() >= run.deadline) {
            await finishRun(ctx, orgId, id, 'its time was up');
            return;
        }
        const change = (fn) => updateRun(ctx, orgId, id, fn).then(() => undefined);
        const wait = probesDone(run) ? TICK_MS : await sendNextProbe(ctx, this.#sample, run, change);
        if (signal.aborted)
            return;
        const now = ctx.clock.now();
        await change((r) => {
            settleRepeat(r, now);
            settleBounded(r, now);
        });
        const after = getRun(ctx, orgId, id);
        if (after && after.status === 'running' && allDecided(after)) {
            await finishRun(ctx, orgId, id, 'every check was decided');
            return;
        }
        await ctx.store.write([put(RUN_JOBS, orgId, { id, nextAt: now + wait })]);
    }
}
//# sourceMappingURL=driver.js.map