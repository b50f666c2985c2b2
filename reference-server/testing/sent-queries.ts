import pg from 'pg';

/** A query as node-postgres was handed it: a statement by name (a config object), or a simple query's text. */
export type SentQuery = string | { name?: string; text: string };

/** The queries every PostgreSQL connection of this process sends, from `recordSentQueries()` until `restore()`. */
export interface SentQueries {
  /** Those sent since the last `reset()`, in order. */
  readonly all: readonly SentQuery[];
  reset(): void;
  restore(): void;
}

/**
 * Records every query a connection sends, the store's round trips counted at the driver: a
 * message of batched statements is one query, so the count is the round trips, not the statements.
 */
export function recordSentQueries(): SentQueries {
  const query = pg.Client.prototype.query;
  let all: SentQuery[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    all.push(args[0] as SentQuery);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    get all() {
      return all;
    },
    reset: () => {
      all = [];
    },
    restore: () => {
      pg.Client.prototype.query = query;
    },
  };
}
