import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { sessionIdOf, SHOWN_ONCE_SLOTS, type ShownOnceSlotRecord } from '../../auth/index.js';
import { del, put, type AsyncWriteOp } from '../../store/index.js';

/**
 * How long a slot waits for the GET that follows its POST's redirect. The browser follows a 303 at
 * once; the window only bounds how long an abandoned secret stays stored.
 */
export const SLOT_TTL_MS = 5 * 60_000;
/** At most this many slots wait at once per browser session; beyond it the oldest is dropped first. */
const MAX_SLOTS = 20;

/**
 * Single-use, short-lived slots that carry a just-created secret across a POST's 303 to the GET
 * page that shows it (Post/Redirect/Get), so a reload of that page shows "already shown" and
 * creates nothing. A slot is a store record (the GET may reach another server than the POST),
 * sealed with the keyring so the store alone never holds the secret, kept under the browser
 * session that made it, and deleted by the one GET that takes it, in a transaction: of two GETs
 * exactly one shows it. Expired slots of the session are dropped on every put, and the OAuth sweep
 * removes the rest. See docs/decisions/workspace-shown-once-slots.md.
 */
export class ShownOnceSlots<T> {
  /** `kind` tells the slots of one page from another's: a slot is shown only by the page it was made for. */
  constructor(
    private readonly ctx: AppContext,
    private readonly kind: string,
  ) {}

  /** Keeps `value` for the session of this request; the id goes into the redirect's path. */
  async put(req: Request, value: T): Promise<string> {
    const sessionId = sessionIdOf(this.ctx, req);
    // The workspace's pages are behind requireMember: a form without a session never gets here.
    if (!sessionId) throw new Error('a shown-once slot needs a browser session');
    const now = this.ctx.clock.now();
    const slot: ShownOnceSlotRecord = {
      id: randomBytes(18).toString('base64url'),
      kind: this.kind,
      sealed: this.ctx.keyring.encrypt(JSON.stringify(value)),
      expiresAt: new Date(now + SLOT_TTL_MS).toISOString(),
    };
    await this.ctx.db.transaction(async (tx) => {
      const waiting = await tx.all<ShownOnceSlotRecord>(SHOWN_ONCE_SLOTS, sessionId);
      const live = waiting.filter((s) => Date.parse(s.expiresAt) > now);
      const dropped = [...waiting.filter((s) => !live.includes(s)), ...live.slice(0, Math.max(0, live.length - MAX_SLOTS + 1))];
      const ops: AsyncWriteOp[] = dropped.map((s) => del(SHOWN_ONCE_SLOTS, sessionId, s.id));
      await tx.write([...ops, put(SHOWN_ONCE_SLOTS, sessionId, slot)]);
    });
    return slot.id;
  }

  /**
   * The value, once: the slot is gone after this call. Another session's slot (not under this
   * session), another page's, an expired one or one already taken gives undefined, and the page
   * says "already shown"; another session's try does not spend the slot.
   */
  async take(req: Request, id: string): Promise<T | undefined> {
    const sessionId = sessionIdOf(this.ctx, req);
    if (!sessionId) return undefined;
    const slot = await this.ctx.db.transaction(async (tx) => {
      const found = await tx.get<ShownOnceSlotRecord>(SHOWN_ONCE_SLOTS, sessionId, id, { forUpdate: true });
      if (!found || found.kind !== this.kind) return undefined;
      await tx.write([del(SHOWN_ONCE_SLOTS, sessionId, id)]);
      return found;
    });
    if (!slot || Date.parse(slot.expiresAt) <= this.ctx.clock.now()) return undefined;
    return JSON.parse(this.ctx.keyring.decrypt(slot.sealed)) as T;
  }
}
