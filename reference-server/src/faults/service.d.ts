import type { AppContext } from '../context.js';
import { type FaultInput, type FaultRecord, type FaultSurface } from './records.js';
type Ctx = Pick<AppContext, 'store' | 'clock' | 'ids'>;
/** Sets a fault; without count or minutes it faults the next request only. */
export declare function setFault(ctx: Ctx, orgId: string, input: FaultInput): Promise<FaultRecord>;
/** The organisation's faults still in force, oldest first (the order they are applied in). */
export declare function listFaults(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string): FaultRecord[];
/** Clears every fault of the organisation (spent ones too); returns how many were set. */
export declare function clearFaults(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string): Promise<number>;
/** True when no organisation has any fault stored: the hot path's whole cost then. */
export declare const noFaults: (ctx: Pick<AppContext, "store">) => boolean;
/**
 * The fault the next request of this organisation to this surface meets, if any: the oldest in
 * force. A counted fault is used up durably (a spent one is deleted), so two requests never get
 * one "next request" fault twice, and a restart does not bring a spent one back.
 */
export declare function takeFault(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string, surface: FaultSurface): Promise<FaultRecord | undefined>;
export {};
