import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import { currentSession } from '../auth/index.js';

/**
 * How long a slot waits for the GET that follows its POST's redirect. The browser follows a 303 at
 * once; the window only bounds how long an abandoned secret stays in memory.
 */
export const SLOT_TTL_MS = 5 * 60_000;
/** At most this many slots wait at once (per kind); beyond it the oldest is dropped first. */
const MAX_SLOTS = 500;

interface Slot<T> {
  sessionId: string;
  expiresAt: number;
  value: T;
}

/**
 * Single-use, short-lived slots that carry a just-created secret across a POST's 303 to the GET
 * page that shows it (Post/Redirect/Get), so a reload of that page shows "already shown" and
 * creates nothing. A slot lives in this process's memory only (never the store, a cookie or a
 * log), is bound to the browser session that made it, and is deleted by the one GET that takes it.
 * Expired slots are swept on every put: no timer, so nothing runs after the server stops.
 * See docs/decisions/workspace-shown-once-slots.md.
 */
export class ShownOnceSlots<T> {
  readonly #slots = new Map<string, Slot<T>>();

  constructor(private readonly ctx: AppContext) {}

  /** Keeps `value` for the session of this request; the id goes into the redirect's path. */
  put(req: Request, value: T): string {
    const sessionId = currentSession(this.ctx, req)?.record.id;
    // The workspace's pages are behind requireMember: a form without a session never gets here.
    if (!sessionId) throw new Error('a shown-once slot needs a browser session');
    const now = this.ctx.clock.now();
    for (const [id, slot] of this.#slots) if (slot.expiresAt <= now) this.#slots.delete(id);
    while (this.#slots.size >= MAX_SLOTS) {
      const oldest = this.#slots.keys().next().value;
      if (oldest === undefined) break;
      this.#slots.delete(oldest);
    }
    const id = randomBytes(18).toString('base64url');
    this.#slots.set(id, { sessionId, expiresAt: now + SLOT_TTL_MS, value });
    return id;
  }

  /**
   * The value, once: the slot is gone after this call whoever asks. Another session's slot, an
   * expired one or one already taken gives undefined, and the page says "already shown".
   */
  take(req: Request, id: string): T | undefined {
    const slot = this.#slots.get(id);
    if (!slot) return undefined;
    const sessionId = currentSession(this.ctx, req)?.record.id;
    // Someone else's session: leave the slot for its owner (its id alone must not burn it).
    if (slot.sessionId !== sessionId) return undefined;
    this.#slots.delete(id);
    return slot.expiresAt > this.ctx.clock.now() ? slot.value : undefined;
  }

  /** Slots waiting now (tests and metrics). */
  get size(): number {
    return this.#slots.size;
  }
}
