import type { AppContext } from '../context.js';
import type { MaybePromise } from '../maybe-promise.js';
import { del, GLOBAL, put } from '../store/index.js';
import { FAULTS, faultInputSchema, type FaultInput, type FaultRecord, type FaultSurface } from './fault-records.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'ids'>;

const isLive = (f: FaultRecord, now: number) => (f.remaining === undefined || f.remaining > 0) && (f.until === undefined || Date.parse(f.until) > now);

/** Sets a fault; without count or minutes it faults the next request only. */
export async function setFault(ctx: Ctx, orgId: string, input: FaultInput): Promise<FaultRecord> {
  const parsed = faultInputSchema.parse(input);
  const now = ctx.clock.now();
  const record: FaultRecord = {
    id: ctx.ids.next('flt'),
    orgId,
    surface: parsed.surface,
    kind: parsed.kind,
    ...(parsed.minutes !== undefined ? { until: new Date(now + parsed.minutes * 60_000).toISOString() } : { remaining: parsed.count ?? 1 }),
    retryAfterSeconds: parsed.retry_after_seconds,
    latencyMs: parsed.latency_ms,
    createdAt: new Date(now).toISOString(),
  };
  await ctx.db.write([put(FAULTS, GLOBAL, record)]);
  return record;
}

/** The organisation's faults still in force, oldest first (the order they are applied in). */
export async function listFaults(ctx: Pick<AppContext, 'db' | 'clock'>, orgId: string): Promise<FaultRecord[]> {
  const now = ctx.clock.now();
  return (await ctx.db.all<FaultRecord>(FAULTS, GLOBAL)).filter((f) => f.orgId === orgId && isLive(f, now)).sort(oldestFirst);
}

const oldestFirst = (a: FaultRecord, b: FaultRecord) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Clears every fault of the organisation (spent ones too); returns how many were set. */
export async function clearFaults(ctx: Pick<AppContext, 'db' | 'clock'>, orgId: string): Promise<number> {
  const mine = (await ctx.db.all<FaultRecord>(FAULTS, GLOBAL)).filter((f) => f.orgId === orgId);
  // Deleting one already gone is no error: nothing decided on needs a lock.
  if (mine.length) await ctx.db.write(mine.map((f) => del(FAULTS, GLOBAL, f.id)));
  return mine.length;
}

/** True when no organisation has any fault stored: the hot path's whole cost then (answered at once on the file store). */
export function noFaults(ctx: Pick<AppContext, 'db'>): MaybePromise<boolean> {
  const committed = ctx.db.committed;
  return committed ? committed.count(FAULTS, GLOBAL) === 0 : ctx.db.count(FAULTS, GLOBAL).then((n) => n === 0);
}

/**
 * The fault the next request of this organisation to this surface meets, if any: the oldest in
 * force. A counted fault is used up durably (a spent one is deleted) under its row lock, so two
 * requests (on two servers) never get one "next request" fault twice, and a restart does not
 * bring a spent one back.
 */
export async function takeFault(ctx: Pick<AppContext, 'db' | 'clock'>, orgId: string, surface: FaultSurface): Promise<FaultRecord | undefined> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const stored = (await tx.all<FaultRecord>(FAULTS, GLOBAL)).filter((f) => f.orgId === orgId);
    const ops = stored.filter((f) => !isLive(f, now)).map((f) => del(FAULTS, GLOBAL, f.id));
    let fault: FaultRecord | undefined;
    for (const candidate of stored.filter((f) => f.surface === surface && isLive(f, now)).sort(oldestFirst)) {
      // Read again under the lock: another request may have used it up while we waited.
      const locked = await tx.get<FaultRecord>(FAULTS, GLOBAL, candidate.id, { forUpdate: true });
      if (!locked || !isLive(locked, now)) continue;
      fault = locked;
      break;
    }
    if (fault?.remaining !== undefined) {
      ops.push(fault.remaining > 1 ? put(FAULTS, GLOBAL, { ...fault, remaining: fault.remaining - 1 }) : del(FAULTS, GLOBAL, fault.id));
    }
    if (ops.length) await tx.write(ops);
    return fault;
  });
}
