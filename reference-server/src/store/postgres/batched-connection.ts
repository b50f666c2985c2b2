import type pg from 'pg';
import { storeError } from './postgres-errors.js';

/** A statement of queries.ts: its text with `$n` placeholders, and their values. */
export interface Statement {
  name: string;
  text: string;
  values: readonly unknown[];
}

type Target = { collection: string; scope: string; id: string };

/**
 * A transaction's connection that sends as few round trips as the transaction allows. A round
 * trip costs both processes more than most statements do (a `writev` and a wake-up on each side;
 * on the bench's machine a quarter of the server's CPU on PostgreSQL went to the socket writes),
 * so what nothing waits for goes with the next statement the transaction must wait for:
 *
 * - BEGIN goes with the first statement (a transaction that sends none costs no round trip);
 * - writes (and lease updates) are deferred, their effects seen by any later statement because
 *   they run first, in order, in the same round trip; the last ones go with COMMIT;
 * - a statement sent alone runs by name (prepared once per connection); one sent with deferred
 *   ones goes as a simple query of literals, the only way PostgreSQL takes several statements in
 *   one message.
 *
 * A deferred write that fails (a `create` of a taken id) fails the statement it went with, or the
 * commit: the transaction is aborted either way, as it would have been at the write.
 */
export class BatchedConnection {
  readonly #client: pg.PoolClient;
  #pending: string[];
  /** The creates among the pending statements, to name the record a unique violation is about. */
  #creates: Target[] = [];
  #begun = false;

  constructor(client: pg.PoolClient, begin: string) {
    this.#client = client;
    this.#pending = [begin];
  }

  /** A string as a constant: node-postgres's own escaping (quotes and backslashes doubled, the E'' form when needed). */
  readonly #literal = (value: string): string => {
    // A NUL character would end the message early: PostgreSQL refuses it in text as a parameter too.
    if (value.includes('\u0000')) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    return this.#client.escapeLiteral(value);
  };

  /** Whether BEGIN has been sent: only then is there a transaction to roll back. */
  get begun(): boolean {
    return this.#begun;
  }

  /** Runs a statement now (with whatever is deferred before it) and gives its result. */
  async query<R extends pg.QueryResultRow>(statement: Statement, target?: Target): Promise<pg.QueryResult<R>> {
    if (this.#pending.length === 0) {
      try {
        return await this.#client.query<R>({ name: statement.name, text: statement.text, values: statement.values as unknown[] });
      } catch (error) {
        throw storeError(error, target);
      }
    }
    const results = await this.#flush([...this.#pending, inline(statement, this.#literal)], target);
    return results[results.length - 1] as pg.QueryResult<R>;
  }

  /** Sends a statement with the next one (its result is not needed). */
  defer(statement: Statement, create?: Target): void {
    this.#pending.push(inline(statement, this.#literal));
    if (create) this.#creates.push(create);
  }

  /** COMMIT, with whatever is deferred and the notifications (pg_notify, in order) before it. No round trip for a transaction that sent nothing. */
  async commit(notifications: ReadonlyArray<readonly [string, string]>): Promise<void> {
    const notify = notifications.length ? [`SELECT ${notifications.map(([channel, payload]) => `pg_notify(${this.#literal(channel)}, ${this.#literal(payload)})`).join(', ')}`] : [];
    if (!this.#begun && this.#pending.length === 1 && notify.length === 0) return;
    await this.#flush([...this.#pending, ...notify, 'COMMIT']);
  }

  async #flush(statements: string[], target?: Target): Promise<pg.QueryResult[]> {
    const creates = this.#creates;
    this.#pending = [];
    this.#creates = [];
    this.#begun = true;
    try {
      const results = (await this.#client.query(statements.join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(results) ? results : [results];
    } catch (error) {
      throw storeError(error, conflictTarget(error, creates) ?? target);
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

type Literal = (value: string) => string;

/** The statement with its values written in as literals. */
function inline({ text, values }: Statement, literal: Literal): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => valueLiteral(values[Number(n) - 1], literal));
}

function valueLiteral(value: unknown, literal: Literal): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return value.length ? `ARRAY[${value.map((item) => valueLiteral(item, literal)).join(', ')}]` : `'{}'`;
  throw new Error(`no literal for a ${typeof value} value`);
}
