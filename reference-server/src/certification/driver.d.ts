import type { AppContext } from '../context.js';
import type { JobQueue } from '../jobs/runner.js';
import { type RunJob } from './records.js';
import { type EventSampler } from './webhook-probes.js';
/** How often a run whose probes are sent looks at its clocks (fault window, repeat watch, deadline). */
export declare const TICK_MS = 1000;
/**
 * Drives each running run, a durable job of the job runner: sends the receiver probes one after
 * another, ends the time-boxed steps, and finishes the run when every check is decided or its
 * deadline passed. The job (one `certification_jobs` record per running run) survives a restart,
 * so a run goes on where it was.
 */
export declare class CertificationDriver {
    #private;
    constructor(ctx: AppContext, sample: EventSampler);
    readonly queue: JobQueue<RunJob>;
}
