import type pg from 'pg';
import { BatchedConnection, type Statement } from './batched-connection.js';
import { storeError } from './postgres-errors.js';
import type { Queryable } from './queries.js';

type Target = { collection: string; scope: string; id: string };

interface Read {
  statement: Statement;
  target: Target | undefined;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The pool as a Queryable for reads outside a transaction, sending the reads asked together in
 * one round trip: those asked in one synchronous stretch (`Promise.all([db.get(a), db.count(b)])`,
 * or a request's guard and the steps after it asking theirs before any awaits) go on one
 * connection as one message, as a transaction's do (BatchedConnection, without BEGIN); a read
 * asked alone goes alone, by name, as before. A round trip costs both processes more than such a
 * statement does, and every keyed request asked four in a row before its route ran.
 *
 * Each statement still reads the committed state of the moment it runs (READ COMMITTED gives each
 * of the message's statements its own snapshot), so nothing is kept across requests. Reads of
 * different requests may share a message: when it fails, each of its reads is asked again alone,
 * so one read's failure (a value PostgreSQL refuses) is never another's.
 */
export function pooledReads(pool: pg.Pool): Queryable {
  let asked: Read[] | undefined;

  const alone = async ({ statement: { name, text, values }, target, resolve, reject }: Read): Promise<void> => {
    try {
      resolve(await pool.query({ name, text, values: values as unknown[] }));
    } catch (error) {
      reject(storeError(error, target));
    }
  };

  const together = async (reads: Read[]): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const read of reads) read.reject(storeError(error));
      return;
    }
    const connection = new BatchedConnection(client);
    const results = await Promise.allSettled(reads.map((read) => connection.query(read.statement, read.target)));
    const failed = results.find((result) => result.status === 'rejected');
    // A connection that failed a message may be broken: the pool drops it rather than lend it again.
    client.release(failed ? new Error('a message of reads failed') : undefined);
    if (failed) {
      await Promise.all(reads.map(alone));
      return;
    }
    results.forEach((result, i) => (reads[i] as Read).resolve((result as PromiseFulfilledResult<pg.QueryResult>).value));
  };

  return {
    query<R extends pg.QueryResultRow>(statement: Statement, target?: Target): Promise<pg.QueryResult<R>> {
      return new Promise<pg.QueryResult>((resolve, reject) => {
        const read: Read = { statement, target, resolve, reject };
        if (asked) {
          asked.push(read);
          return;
        }
        asked = [read];
        // A microtask: after the reads asked beside this one. Neither way of sending rejects: each read is settled.
        void Promise.resolve().then(() => {
          const reads = asked as Read[];
          asked = undefined;
          return reads.length === 1 ? alone(reads[0] as Read) : together(reads);
        });
      }) as Promise<pg.QueryResult<R>>;
    },
  };
}
