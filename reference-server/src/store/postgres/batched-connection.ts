import type pg from 'pg';
import { storeError } from './postgres-errors.js';

/** A statement of queries.ts: its text with `$n` placeholders, and their values. */
export interface Statement {
  name: string;
  text: string;
  values: readonly unknown[];
  /**
   * A read of one key or one small count, whose cost does not grow with a scope: outside a
   * transaction it may wait for a message in flight and go with other requests' reads (PooledReads).
   */
  point?: boolean;
}

type Target = { collection: string; scope: string; id: string };

/** A statement waiting for the next round trip: a read (its caller waits for its result) or a deferred write. */
type Entry =
  | { sql: string }
  /** A deferred write: its values written as literals at once, so a value no literal can hold fails the write. */
  | { statement: Statement; values: string }
  | { statement: Statement; target: Target | undefined; resolve: (result: pg.QueryResult) => void; reject: (error: unknown) => void };

/**
 * The statements a connection has prepared with PREPARE, under names of the connection's current
 * generation. PREPARE is not undone by a rollback, yet a failed batch may have stopped before it:
 * after a failed batch that prepared anything the connection starts a new generation of names
 * rather than guess which exist.
 */
interface Prepared {
  generation: number;
  names: Set<string>;
}

const preparedOn = new WeakMap<pg.PoolClient, Prepared>();

/**
 * A transaction's connection that sends as few round trips as the transaction allows. A round
 * trip costs both processes more than most statements do (a `writev` and a wake-up on each side;
 * on the bench's machine a quarter of the server's CPU on PostgreSQL went to the socket writes),
 * so what nothing waits for goes with the next statement the transaction must wait for:
 *
 * - BEGIN goes with the first statement (a transaction that sends none costs no round trip);
 * - writes (and lease updates) are deferred, their effects seen by any later statement because
 *   they run first, in order, in the same round trip; the last ones go with COMMIT;
 * - reads asked for together (`Promise.all([tx.get(a), tx.get(b)])`: in one synchronous stretch,
 *   before the caller awaits) go in one round trip, in the order asked, each result to its caller;
 * - a statement sent alone runs by name (prepared once per connection); several go as one simple
 *   query, the only way PostgreSQL takes several statements in one message, each an EXECUTE of a
 *   statement the connection prepared with PREPARE (in the first batch that needed it), its values
 *   written as literals: batched, a statement is still parsed and planned once per connection.
 *
 * A statement that fails fails every read it went with, and a deferred write that fails (a
 * `create` of a taken id) the statement it went with, or the commit: PostgreSQL aborts the
 * transaction at the first failure either way, as it would have at that statement.
 */
export class BatchedConnection {
  readonly #client: pg.PoolClient;
  #pending: Entry[];
  /** The creates among the pending statements, to name the record a unique violation is about. */
  #creates: Target[] = [];
  #begun = false;
  #flushQueued = false;
  readonly #beginEntry: Entry | undefined;

  /** `begin`: the statement that opens the transaction; none for reads outside one (PooledReads). */
  constructor(client: pg.PoolClient, begin?: string) {
    this.#client = client;
    this.#beginEntry = begin === undefined ? undefined : { sql: begin };
    this.#pending = this.#beginEntry ? [this.#beginEntry] : [];
    if (!preparedOn.has(client)) preparedOn.set(client, { generation: 0, names: new Set() });
  }

  /** Whether BEGIN has been sent: only then is there a transaction to roll back. */
  get begun(): boolean {
    return this.#begun;
  }

  /**
   * Runs a statement with whatever is pending before it and gives its result. It is sent once the
   * caller's synchronous stretch ends (a microtask), so the reads asked for beside it go with it.
   */
  query<R extends pg.QueryResultRow>(statement: Statement, target?: Target): Promise<pg.QueryResult<R>> {
    return new Promise<pg.QueryResult>((resolve, reject) => {
      this.#pending.push({ statement, target, resolve, reject });
      if (this.#flushQueued) return;
      this.#flushQueued = true;
      // A microtask: after the reads asked for beside this one. #send settles every read it holds and never rejects but for the commit.
      void Promise.resolve().then(() => {
        this.#flushQueued = false;
        return this.#send();
      });
    }) as Promise<pg.QueryResult<R>>;
  }

  /** Sends a statement with the next one (its result is not needed). */
  defer(statement: Statement, create?: Target): void {
    this.#pending.push({ statement, values: literals(statement) });
    if (create) this.#creates.push(create);
  }

  /** COMMIT, with whatever is pending and the notifications (pg_notify, in order) before it. No round trip for a transaction that sent nothing. */
  async commit(notifications: ReadonlyArray<readonly [string, string]>): Promise<void> {
    if (notifications.length) {
      this.#pending.push({ sql: `SELECT ${notifications.map(([channel, payload]) => `pg_notify(${literal(channel)}, ${literal(payload)})`).join(', ')}` });
    }
    if (!this.#begun && this.#pending.length === 1) return;
    this.#pending.push({ sql: 'COMMIT' });
    await this.#send(true);
  }

  /** Sends what is pending in one round trip and hands each read its result (`fail`: the commit, which fails with it). */
  async #send(fail = false): Promise<void> {
    const entries = this.#pending;
    const creates = this.#creates;
    if (entries.length === 0) return;
    const reads = entries.flatMap((entry) => ('resolve' in entry ? [entry] : []));
    this.#pending = [];
    this.#creates = [];
    const first = entries[0];
    const only = entries.length === 1 && first !== undefined && 'resolve' in first ? first : undefined;
    try {
      if (only) {
        const { name, text, values } = only.statement;
        only.resolve(await this.#client.query({ name, text, values: values as unknown[] }));
        return;
      }
      const prepared = preparedOn.get(this.#client) as Prepared;
      const prepares: string[] = [];
      const executes = entries.map((entry) => {
        if ('sql' in entry) return entry.sql;
        const name = `${entry.statement.name}_${prepared.generation}`;
        if (!prepared.names.has(name) && !prepares.some((p) => p.startsWith(`PREPARE ${name} `))) prepares.push(`PREPARE ${name} AS ${entry.statement.text}`);
        const values = 'values' in entry ? entry.values : literals(entry.statement);
        return values ? `EXECUTE ${name}(${values})` : `EXECUTE ${name}`;
      });
      this.#begun = true;
      let sent: pg.QueryResult | pg.QueryResult[];
      try {
        // After BEGIN when it goes too: an isolation level must be set before any other statement.
        const at = entries[0] === this.#beginEntry ? 1 : 0;
        sent = (await this.#client.query([...executes.slice(0, at), ...prepares, ...executes.slice(at)].join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
      } catch (error) {
        if (prepares.length) preparedOn.set(this.#client, { generation: prepared.generation + 1, names: new Set() });
        throw error;
      }
      for (const prepare of prepares) prepared.names.add(prepare.split(' ')[1] as string);
      const all = Array.isArray(sent) ? sent : [sent];
      const at = entries[0] === this.#beginEntry ? 1 : 0;
      const results = [...all.slice(0, at), ...all.slice(at + prepares.length)];
      entries.forEach((entry, i) => {
        if ('resolve' in entry) entry.resolve(results[i] as pg.QueryResult);
      });
    } catch (error) {
      const conflict = conflictTarget(error, creates);
      for (const read of reads) read.reject(storeError(error, conflict ?? read.target));
      if (fail) throw storeError(error, conflict);
    }
  }
}

/**
 * The create a unique violation is about, from its detail: `Key (collection, scope, id)=(c, s, i)
 * already exists.` Collection and scope names hold no comma or parenthesis (checkOps).
 */
function conflictTarget(error: unknown, creates: Target[]): Target | undefined {
  const detail = (error as { code?: string; detail?: string }).detail;
  if ((error as { code?: string }).code !== '23505' || typeof detail !== 'string') return undefined;
  return creates.find((c) => detail.includes(`=(${c.collection}, ${c.scope}, ${c.id})`));
}

/**
 * A string as a constant, written as node-postgres's `escapeLiteral` writes it (quotes and
 * backslashes doubled, the `E''` form when there is a backslash) but with native replaces:
 * node-postgres builds it a character at a time, about 12 µs for a stored submission's 2 KB of
 * JSON against 2 µs here, and every deferred write sends its record's whole text this way.
 */
function literal(value: string): string {
  // A NUL character would end the message early: PostgreSQL refuses it in text as a parameter too.
  if (value.includes('\u0000')) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A statement's values as the literals of its EXECUTE, in order ('' for none). */
function literals({ values }: Statement): string {
  return values.map(valueLiteral).join(', ');
}

function valueLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return value.length ? `ARRAY[${value.map(valueLiteral).join(', ')}]` : `'{}'`;
  throw new Error(`no literal for a ${typeof value} value`);
}
