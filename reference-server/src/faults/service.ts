import type { AppContext } from '../context.js';
import { del, GLOBAL, put } from '../store/index.js';
import { FAULTS, faultInputSchema, type FaultInput, type FaultRecord, type FaultSurface } from './records.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'ids'>;

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
  await ctx.store.write([put(FAULTS, GLOBAL, record)]);
  return record;
}

/** The organisation's faults still in force, oldest first (the order they are applied in). */
export function listFaults(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string): FaultRecord[] {
  const now = ctx.clock.now();
  return ctx.store
    .all<FaultRecord>(FAULTS, GLOBAL)
    .filter((f) => f.orgId === orgId && isLive(f, now))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Clears every fault of the organisation (spent ones too); returns how many were set. */
export async function clearFaults(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string): Promise<number> {
  const mine = ctx.store.all<FaultRecord>(FAULTS, GLOBAL).filter((f) => f.orgId === orgId);
  if (mine.length) await ctx.store.write(mine.map((f) => del(FAULTS, GLOBAL, f.id)));
  return mine.length;
}

/** True when no organisation has any fault stored: the hot path's whole cost then. */
export const noFaults = (ctx: Pick<AppContext, 'store'>): boolean => ctx.store.count(FAULTS, GLOBAL) === 0;

/**
 * The fault the next request of this organisation to this surface meets, if any: the oldest in
 * force. A counted fault is used up durably (a spent one is deleted), so two requests never get
 * one "next request" fault twice, and a restart does not bring a spent one back.
 */
export async function takeFault(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string, surface: FaultSurface): Promise<FaultRecord | undefined> {
  const now = ctx.clock.now();
  const stored = ctx.store.all<FaultRecord>(FAULTS, GLOBAL).filter((f) => f.orgId === orgId);
  const expired = stored.filter((f) => !isLive(f, now));
  const fault = stored.filter((f) => f.surface === surface && isLive(f, now)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
  const ops = expired.map((f) => del(FAULTS, GLOBAL, f.id));
  if (fault?.remaining !== undefined) {
    ops.push(fault.remaining > 1 ? put(FAULTS, GLOBAL, { ...fault, remaining: fault.remaining - 1 }) : del(FAULTS, GLOBAL, fault.id));
  }
  if (ops.length) await ctx.store.write(ops);
  return fault;
}
