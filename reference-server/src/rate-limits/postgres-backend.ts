import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { RateLimitClient } from '../store/index.js';
import { claimPrefix, type LimiterOptions, type RateLimitBackend } from './backend.js';

/** The table migration 0002 creates (store/postgres/migrations): the limiters never create it themselves. */
const TABLE = 'rate_limits';

/**
 * The counters of every server on one database: rate-limiter-flexible's RateLimiterPostgres on
 * the store's pool, one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per counted request (one
 * round trip, atomic: two servers counting the same key at once both count). Windows are timed by
 * each server's wall clock (`Date.now()`), so servers behind one balancer keep their clocks in
 * step (NTP), as every shared limiter asks.
 */
export function postgresRateLimits(client: RateLimitClient): RateLimitBackend {
  const prefixes = new Set<string>();
  return {
    kind: 'postgres',
    limiter({ prefix, windowMs, points }: LimiterOptions) {
      claimPrefix(prefixes, prefix);
      return new RateLimiterPostgres({
        storeClient: client,
        // Statements go straight to `client.query` (the store's pool, its error mapping).
        storeType: 'pool',
        tableName: TABLE,
        // The schema is the migrations' (no CREATE TABLE at start), and the sweep is a job of the
        // server's runner (no timer of the limiter's own).
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: prefix,
        points,
        duration: windowMs / 1000,
      });
    },
    async sweep() {
      await client.query({ text: `DELETE FROM ${TABLE} WHERE expire < $1`, values: [Date.now()] });
    },
    close() {
      // Nothing of its own: the rows are the database's, the pool the store's.
    },
  };
}
