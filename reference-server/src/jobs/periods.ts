import { create, GLOBAL, put, StoreConflictError, type AsyncStore, type StoredRecord } from '../store/index.js';

/** One record per periodic job: when a server last took its period, and which. */
export const PERIODIC_RUNS = 'periodic_runs';

interface PeriodRecord extends StoredRecord {
  /** The job's name. */
  id: string;
  /** Epoch ms (of the server's clock) when a server took the period. */
  takenAt: number;
  by: string;
}

/**
 * Servers' ticks drift apart: a period counts as taken for this share of it, so a server whose
 * tick comes a little early after another's still leaves it alone, and one due after it takes it.
 */
const TAKEN_FOR = 0.9;

/**
 * Takes this period of a periodic job for `holder`, once across every server on the store: a
 * lease record (the job's `periodic_runs` entry, read for update, or created by the first server
 * ever) says when a server last took it. True when this server is to run it. A record from the
 * future (a clock set back, a test's clock) counts as stale.
 */
export async function takePeriod(db: AsyncStore, job: { name: string; everyMs: number }, holder: string, now: number): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.get<PeriodRecord>(PERIODIC_RUNS, GLOBAL, job.name, { forUpdate: true });
      if (taken && taken.takenAt <= now && now - taken.takenAt < job.everyMs * TAKEN_FOR) return false;
      const record: PeriodRecord = { id: job.name, takenAt: now, by: holder };
      await tx.write([taken ? put(PERIODIC_RUNS, GLOBAL, record) : create(PERIODIC_RUNS, GLOBAL, record)]);
      return true;
    });
  } catch (error) {
    // Another server created the record first: the period is its.
    if (error instanceof StoreConflictError) return false;
    throw error;
  }
}
