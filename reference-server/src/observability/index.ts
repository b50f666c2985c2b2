import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { createMetrics, type Metrics } from './metrics.js';
import { opsRoutes } from './observability-routes.js';

export { createMetrics, type Metrics } from './metrics.js';

/** How readiness asks the store whether it takes writes: the data folder's figures, or a ping of the database. */
export interface StoreHealth {
  check: 'store' | 'database';
  problem(): Promise<string | undefined>;
}

export interface Observability {
  metrics: Metrics;
  routes: Router;
  /** The server calls these as its workers start and stop (readiness). */
  workersStarted(): void;
  workersStopping(): void;
}

/**
 * Metrics, health and readiness for one server, reading the store it is given. The delivery
 * worker tells `metrics.deliveryOutcome` about each attempt it commits.
 */
export function createObservability(ctx: Pick<AppContext, 'clock' | 'config' | 'db'>, store: StoreHealth): Observability {
  const metrics = createMetrics({ clock: ctx.clock, db: ctx.db });
  let running = false;
  return {
    metrics,
    routes: opsRoutes({
      registry: metrics.registry,
      readiness: { storeCheck: store.check, storeProblem: store.problem, workersRunning: () => running },
      ...(ctx.config.metricsToken ? { metricsToken: ctx.config.metricsToken } : {}),
    }),
    workersStarted: () => {
      running = true;
    },
    workersStopping: () => {
      running = false;
    },
  };
}
