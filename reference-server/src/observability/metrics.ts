import type { Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import type { AsyncStore, StoreStats } from '../store/index.js';
import { QUEUES, type QueueFigures } from './queues.js';

/**
 * The server's Prometheus metrics, on a registry of its own (never prom-client's global one, so
 * two servers in one process — tests — do not mix their figures). What a request costs is one
 * histogram observation when it finished; everything read from the store is computed at scrape time,
 * through `ctx.db`, so /metrics answers the same on a folder and on a database (where N servers
 * share the queues: each server's gauges show the whole cluster's).
 */
export interface Metrics {
  registry: Registry;
  /**
   * Told by the request log's listener of each response that finished, with its time since the
   * request came in: labels it by the route pattern that matched (no middleware or listener of its own).
   */
  requestFinished(res: Response, elapsedMs: number): void;
  /**
   * Told by the delivery worker of each attempt once its outcome is committed (there is no
   * after-commit hook on a database): this server's attempts, by outcome.
   */
  deliveryOutcome(outcome: string): void;
  retentionSweeps: Counter<'outcome'>;
  retentionPruned: Counter<'collection'>;
  retentionLastSweep: Gauge;
}

/** Surface of a route label, from its mount prefix. */
export function surfaceOf(method: string, route: string): string {
  if (route.startsWith('/api/oauth') || route.startsWith('/.well-known')) return 'oauth';
  if (route.startsWith('/api/v1')) return 'assessment';
  if (route.startsWith('/api/automation')) return 'automation';
  if (route.startsWith('/api/schema.graphql') || (route === '/api' && method === 'POST')) return 'graphql';
  if (route.startsWith('/_operator')) return 'operator';
  if (route === '/metrics' || route === '/healthz' || route === '/readyz' || route === '/api') return 'health';
  return 'other';
}

interface Routed {
  baseUrl: string;
  route?: { path: unknown };
}

/**
 * The route label: the pattern that matched (`/api/automation/submissions/:id`), never the raw
 * URL, so the label set stays bounded whatever callers send. A request refused before any route
 * matched (a guard, a body parser) is labelled by its mount point; one nothing matched, `unmatched`.
 */
export function routeLabel(req: Routed): string {
  if (req.route) return `${req.baseUrl}${String(req.route.path)}`;
  return req.baseUrl ? `${req.baseUrl}/*` : 'unmatched';
}

/** The queue gauges, read at scrape time: how much waits in each durable queue and for how long. */
function queueGauges(registry: Registry, db: AsyncStore, now: () => number): void {
  const figures = async (): Promise<Map<string, QueueFigures>> => new Map(await Promise.all(QUEUES.map(async (q) => [q.name, await q.scan(db, now())] as const)));
  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs waiting in each durable queue (due now or later)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, figure] of await figures()) this.set({ queue }, figure.depth);
    },
  });
  new Gauge({
    name: 'jobs_oldest_age_seconds',
    help: 'Age of the oldest waiting job of each queue (0 when empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, figure] of await figures()) this.set({ queue }, figure.oldestAgeMs / 1000);
    },
  });
  new Gauge({
    name: 'webhook_outbox_lag_seconds',
    help: 'How long the most overdue webhook delivery has been due (0 when none is overdue)',
    registers: [registry],
    async collect() {
      this.set(((await figures()).get('webhook_delivery')?.overdueMs ?? 0) / 1000);
    },
  });
}

/** The store's own figures, read at scrape time (a figure the store does not know is left unset). */
function storeGauges(registry: Registry, db: AsyncStore): void {
  const storeGauge = (name: string, help: string, read: (s: StoreStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = read(await db.stats());
        if (value !== undefined) this.set(value);
      },
    });
  storeGauge('store_journal_bytes', 'Bytes in the journal since the last compaction', (s) => s.journalBytes);
  storeGauge('store_snapshot_bytes', 'Bytes of the snapshot files on disk', (s) => s.snapshotBytes);
  storeGauge('store_records', 'Records held in memory', (s) => s.records);
  storeGauge('store_compactions_total', 'Compactions since start', (s) => s.compactions);
  storeGauge('store_last_compaction_timestamp_seconds', 'When the last compaction finished (unix seconds)', (s) =>
    s.lastCompactionAt === undefined ? undefined : s.lastCompactionAt / 1000,
  );
}

/** One observation of `duration` per finished request, under its route pattern. */
function timedRequests(registry: Registry): Metrics['requestFinished'] {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by surface, route pattern, method and status, with their latency',
    labelNames: ['surface', 'route', 'method', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One child per label set, found by a string key: prom-client would hash the label object
  // on every observe. Route labels are patterns, so the map stays as small as the route table.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  return (res, elapsedMs) => {
    const req = res.req;
    const route = routeLabel(req);
    const key = `${req.method} ${res.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ surface: surfaceOf(req.method, route), route, method: req.method, status: res.statusCode });
      children.set(key, child);
    }
    child.observe(elapsedMs / 1000);
  };
}

export function createMetrics(ctx: Pick<AppContext, 'clock' | 'db'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestFinished = timedRequests(registry);
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, retrying, failed, disabled)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // The store the gauges read is the one handed in (the observed one wraps the same data).
  queueGauges(registry, ctx.db, () => ctx.clock.now());
  storeGauges(registry, ctx.db);
  return {
    registry,
    requestFinished,
    deliveryOutcome(outcome) {
      deliveries.inc({ outcome });
    },
    retentionSweeps: new Counter({
      name: 'retention_sweeps_total',
      help: 'Retention sweeps by outcome (ok, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    retentionPruned: new Counter({
      name: 'retention_pruned_records_total',
      help: 'Records removed by retention, by collection',
      labelNames: ['collection'] as const,
      registers: [registry],
    }),
    retentionLastSweep: new Gauge({
      name: 'retention_last_sweep_timestamp_seconds',
      help: 'When the last retention sweep finished (unix seconds, simulated time under a test clock)',
      registers: [registry],
    }),
  };
}
