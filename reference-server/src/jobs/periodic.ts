import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { detached, logFault } from '../http/index.js';
import type { AsyncStore } from '../store/index.js';
import { takePeriod } from './periods.js';

/** Work done every `everyMs` of the clock (the first run one period after start), once per period across every server. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

interface PeriodicState {
  job: PeriodicJob;
  cancel?: () => void;
  running: Promise<void>;
}

/** The runner's periodic jobs: each on a clock timer, taking its period (periods.ts) before it runs. */
export class PeriodicJobs {
  readonly #states: PeriodicState[] = [];

  constructor(private readonly deps: { db: AsyncStore; clock: Clock; log: Logger; holder: string; running: () => boolean }) {}

  add(job: PeriodicJob): void {
    this.#states.push({ job, running: Promise.resolve() });
  }

  start(): void {
    for (const periodic of this.#states) this.#tick(periodic);
  }

  /** Cancels the next runs; `running()` still waits for the runs in flight. */
  cancel(): void {
    for (const periodic of this.#states) periodic.cancel?.();
  }

  /** Resolves once no periodic run is in flight. */
  async running(): Promise<void> {
    await Promise.all(this.#states.map((p) => p.running));
  }

  #tick(periodic: PeriodicState): void {
    const { db, clock, log, holder } = this.deps;
    const fault = logFault(log, `periodic job ${periodic.job.name}`);
    periodic.cancel = clock.schedule(periodic.job.everyMs, detached(fault, () => {
      periodic.running = takePeriod(db, periodic.job, holder, clock.now())
        .then((mine) => (mine ? periodic.job.run() : undefined))
        .catch((error: unknown) => log.error({ err: error, job: periodic.job.name }, 'periodic job failed; it runs again next period'))
        .finally(() => {
          if (this.deps.running()) this.#tick(periodic);
        })
        .catch(fault);
    }));
  }
}
