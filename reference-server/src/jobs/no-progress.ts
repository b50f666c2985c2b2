import type { StoredRecord } from '../store/index.js';

/** The wait after the first failed (or idle) attempt in a row, doubling to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

export function backoffMs(failures: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/**
 * Whether an attempt settled its job without moving it on: the job is still due at once (`next` ≤
 * `now`), and either its record is exactly as before or, for a queue with due times, its due time
 * did not move. Run again at once, it would do the same thing again, in a tight loop (a
 * certification job beside a run that ended elsewhere once ran until the heap ran out): the
 * runner counts it as a failed attempt and backs off. A job whose record changed (a newer input
 * queued meanwhile) has moved on, and runs again at once.
 */
export function settledInPlace(o: { before: StoredRecord; after: StoredRecord; dueBefore: number; dueAfter: number; next: number; now: number; timed: boolean }): boolean {
  if (o.next > o.now) return false;
  if (JSON.stringify(o.before) === JSON.stringify(o.after)) return true;
  return o.timed && o.dueAfter <= o.dueBefore;
}
