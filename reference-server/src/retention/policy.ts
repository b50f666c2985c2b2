import type { ServerConfig } from '../config.js';

/** How long each kind of record is kept once it no longer matters to anything in flight. */
export interface RetentionWindows {
  /** Webhook events with no delivery pending (delivered, failed for good, or never subscribed to). */
  eventsMs: number;
  /** Delivery attempts, except those of a delivery still pending. */
  attemptsMs: number;
  /** Automation submissions that are completed or failed (never queued, processing or awaiting), from their last change. */
  submissionsMs: number;
  /** Finished certification runs, from their end (a running run is never removed). */
  runsMs: number;
}

export const DAY_MS = 24 * 3600_000;
export const DEFAULT_RETENTION: RetentionWindows = { eventsMs: 7 * DAY_MS, attemptsMs: 7 * DAY_MS, submissionsMs: 90 * DAY_MS, runsMs: 90 * DAY_MS };
export const DEFAULT_SWEEP_INTERVAL_MS = 3600_000;

/** The windows a server runs with: its configuration over the defaults. */
export function retentionWindows(config: Pick<ServerConfig, 'retention'>): RetentionWindows {
  const r = config.retention ?? {};
  return {
    eventsMs: r.eventsSeconds !== undefined ? r.eventsSeconds * 1000 : DEFAULT_RETENTION.eventsMs,
    attemptsMs: r.attemptsSeconds !== undefined ? r.attemptsSeconds * 1000 : DEFAULT_RETENTION.attemptsMs,
    submissionsMs: r.submissionsSeconds !== undefined ? r.submissionsSeconds * 1000 : DEFAULT_RETENTION.submissionsMs,
    runsMs: r.runsSeconds !== undefined ? r.runsSeconds * 1000 : DEFAULT_RETENTION.runsMs,
  };
}

export const sweepIntervalMs = (config: Pick<ServerConfig, 'retention'>): number =>
  config.retention?.intervalSeconds !== undefined ? Math.max(1, config.retention.intervalSeconds) * 1000 : DEFAULT_SWEEP_INTERVAL_MS;
