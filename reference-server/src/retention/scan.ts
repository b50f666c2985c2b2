import type { AppContext } from '../context.js';
import { del, type AsyncReader, type StoredRecord, type WriteOp } from '../store/index.js';
import type { RetentionWindows } from './policy.js';

const PAGE = 500;

/** What a sweep found past its window, in one scope: the ids, and whether more was due than there was room for. */
export interface Expired {
  ids: string[];
  more: boolean;
}

/**
 * One retention sweep's plan, filled by the domains' rules (each knows its own collections and
 * what keeps a record alive): the deletes, counted per collection, at most `limit` of them, and
 * the work due once they are durable.
 */
export class RetentionScan {
  readonly ops: WriteOp[] = [];
  /** Records to remove, by collection. */
  readonly pruned: Record<string, number> = {};
  /** True when the sweep stopped at its limit and more is due. */
  more = false;
  /** Work once the removals are durable (a removed upload's stored bytes). */
  readonly afterwards: ((ctx: Pick<AppContext, 'db' | 'config'>) => Promise<void>)[] = [];

  constructor(
    readonly db: AsyncReader,
    readonly now: number,
    readonly windows: RetentionWindows,
    readonly limit: number,
  ) {}

  /** Deletes the sweep may still add. */
  get room(): number {
    return this.limit - this.ops.length;
  }

  /** True (and more is due) once the sweep's limit is reached: a rule stops looking then. */
  full(): boolean {
    if (this.room > 0) return false;
    this.more = true;
    return true;
  }

  take(collection: string, scope: string, found: Expired): void {
    for (const id of found.ids) this.ops.push(del(collection, scope, id));
    if (found.ids.length) this.pruned[collection] = (this.pruned[collection] ?? 0) + found.ids.length;
    this.more ||= found.more;
  }

  /**
   * Walks one scope oldest first (insertion order is time order for these append-only logs) and
   * collects what is past its window, stopping at the first record still inside it, so a sweep
   * costs what it removes plus one page, not the size of the collection.
   */
  async expired<T extends StoredRecord>(collection: string, scope: string, cutoff: number, at: (record: T) => number, keep: (record: T) => boolean): Promise<Expired> {
    const room = this.room;
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.db.page<T>(collection, scope, { limit: PAGE, newestFirst: false, ...(after ? { after } : {}) });
      for (const record of page.items) {
        if (at(record) > cutoff) return { ids, more: false };
        if (keep(record)) continue;
        if (ids.length === room) return { ids, more: true };
        ids.push(record.id);
      }
      if (!page.next) return { ids, more: false };
      after = page.next;
    }
  }
}

/** A domain's part of the sweep: adds to the scan what of its own collections is past its window, checking `full()` before each scope. */
export type RetentionRule = (scan: RetentionScan) => Promise<void>;

/** What a retention sweep removes now: each rule in turn, at most `limit` records, so one sweep never stalls the server. */
export async function retentionPlan(db: AsyncReader, now: number, windows: RetentionWindows, limit: number, rules: readonly RetentionRule[]): Promise<RetentionScan> {
  const scan = new RetentionScan(db, now, windows, limit);
  for (const rule of rules) await rule(scan);
  return scan;
}
