import type pg from 'pg';
import { StoreUnavailableError } from '../store.js';
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
 * Messages of point reads in flight at once. Two rather than one (ioredis keeps one pipeline per
 * connection): a message held up (a count of a scope grown large, a connection the pool has yet to
 * lend) must not hold every other request's reads; more would send more messages under load.
 */
export const READS_IN_FLIGHT = 2;

/**
 * Reads in one message at most: a message's reads run one after another, so this bounds how long
 * a read waits behind the others of its message (a point read costs PostgreSQL tens of µs).
 */
export const READS_PER_MESSAGE = 32;

/**
 * The pool as a Queryable for reads outside a transaction, sending as few messages as the reads
 * asked allow. A round trip costs both processes more than such a statement does (a socket write
 * and a wake-up on each side), and every keyed request asks two before its route runs.
 *
 * - The reads asked in one synchronous stretch (`Promise.all([db.get(a), db.count(b)])`, a guard
 *   and the steps after it) go together, as a transaction's do (BatchedConnection, without BEGIN):
 *   several as one simple query of `EXECUTE`s of statements the connection prepared once, a read
 *   alone alone, by name.
 * - Point reads (`get`, `count`: Statement.point) of different requests share messages under load,
 *   as auto-pipelining drivers do: while READS_IN_FLIGHT messages of point reads are in flight,
 *   those asked meanwhile wait, and go together (READS_PER_MESSAGE at most in one) as soon as one
 *   returns. A read asked when fewer are in flight goes at once, so an idle server waits for
 *   nothing. A stretch that holds a scan (`all`, a page, the scopes) goes at once, never behind
 *   the queue and never holding it up, and takes no place among those in flight.
 *
 * Each statement still reads the committed state of the moment it runs (READ COMMITTED gives each
 * of the message's statements its own snapshot; a read that waited runs later, never from a copy),
 * so nothing is kept across requests. When a message fails, each of its reads is asked again
 * alone, so one read's failure (a value PostgreSQL refuses) is never another's.
 */
export class PooledReads implements Queryable {
  readonly #pool: pg.Pool;
  /** The reads asked in the current synchronous stretch: sent, or queued, once it ends. */
  #asked: Read[] | undefined;
  /** Point reads waiting for a message in flight to return. */
  readonly #waiting: Read[] = [];
  /** Messages of point reads in flight. */
  #inFlight = 0;
  /** Every message not yet answered, point reads or not: what `drain` waits for. */
  #unanswered = 0;
  readonly #drained: Array<() => void> = [];
  #ended = false;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  query<R extends pg.QueryResultRow>(statement: Statement, target?: Target): Promise<pg.QueryResult<R>> {
    return new Promise<pg.QueryResult>((resolve, reject) => {
      // After `drain`: the pool is ending, and a read it took would never be answered.
      if (this.#ended) {
        reject(new StoreUnavailableError('the server is stopping'));
        return;
      }
      const read: Read = { statement, target, resolve, reject };
      if (this.#asked) {
        this.#asked.push(read);
        return;
      }
      this.#asked = [read];
      // A microtask: after the reads asked beside this one. Nothing there throws: each read is settled by its message.
      void Promise.resolve().then(() => this.#stretchEnded());
    }) as Promise<pg.QueryResult<R>>;
  }

  /**
   * Resolves once every read asked has been answered, and refuses any asked after: the store calls
   * it before ending the pool, which would leave a read waiting for a connection unanswered.
   */
  drain(): Promise<void> {
    return new Promise((resolve) => {
      this.#drained.push(() => {
        this.#ended = true;
        resolve();
      });
      this.#settledAll();
    });
  }

  #stretchEnded(): void {
    const reads = this.#asked as Read[];
    this.#asked = undefined;
    if (reads.every((read) => read.statement.point)) {
      this.#waiting.push(...reads);
      this.#sendWaiting();
    } else {
      void this.#send(reads, false);
    }
  }

  #sendWaiting(): void {
    while (this.#inFlight < READS_IN_FLIGHT && this.#waiting.length > 0) {
      void this.#send(this.#waiting.splice(0, READS_PER_MESSAGE), true);
    }
  }

  /** Never rejects: each read is settled. `point`: a message of point reads, counted in flight. */
  async #send(reads: Read[], point: boolean): Promise<void> {
    this.#unanswered += 1;
    if (point) this.#inFlight += 1;
    try {
      await (reads.length === 1 ? this.#alone(reads[0] as Read) : this.#together(reads));
    } finally {
      this.#unanswered -= 1;
      if (point) {
        this.#inFlight -= 1;
        this.#sendWaiting();
      }
      this.#settledAll();
    }
  }

  #settledAll(): void {
    if (this.#unanswered > 0 || this.#waiting.length > 0 || this.#asked) return;
    for (const drained of this.#drained.splice(0)) drained();
  }

  async #alone({ statement: { name, text, values }, target, resolve, reject }: Read): Promise<void> {
    try {
      resolve(await this.#pool.query({ name, text, values: values as unknown[] }));
    } catch (error) {
      reject(storeError(error, target));
    }
  }

  async #together(reads: Read[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      for (const read of reads) read.reject(storeError(error));
      return;
    }
    const connection = new BatchedConnection(client);
    const results = await Promise.allSettled(reads.map((read) => connection.query(read.statement, read.target)));
    const failed = results.some((result) => result.status === 'rejected');
    // A connection that failed a message may be broken: the pool drops it rather than lend it again.
    client.release(failed ? new Error('a message of reads failed') : undefined);
    if (failed) {
      await Promise.all(reads.map((read) => this.#alone(read)));
      return;
    }
    results.forEach((result, i) => (reads[i] as Read).resolve((result as PromiseFulfilledResult<pg.QueryResult>).value));
  }
}
