import { generateWebhookSecret } from '../crypto/index.js';
import type { AppContext } from '../context.js';
import { put } from '../store/index.js';
import { SUBSCRIPTIONS, type SubscriptionRecord } from './webhook-records.js';
import { signingSecret } from './subscriptions.js';

const HOUR_MS = 3_600_000;

/** How long the replaced secret keeps signing after a rotation unless told otherwise: a working day and a night. */
export const DEFAULT_OVERLAP_HOURS = 24;
/** The overlaps a rotation may choose, in hours (0: the old secret stops at once). */
export const OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;
export type OverlapHours = (typeof OVERLAP_HOURS)[number];

export const isOverlapHours = (value: number): value is OverlapHours => (OVERLAP_HOURS as readonly number[]).includes(value);

export interface Rotation {
  subscription: SubscriptionRecord;
  /** The new `whsec_` secret: returned here only, stored sealed. */
  secret: string;
}

/**
 * Gives a subscription a new signing secret and keeps the current one signing for `overlapHours`,
 * so the receiver can switch secrets without a window of rejected deliveries (Standard Webhooks
 * lets a `webhook-signature` carry several `v1,` signatures). A rotation during an overlap ends the
 * older overlap: only the secret being replaced keeps signing. See docs/decisions/webhook-secret-rotation.md.
 */
export async function rotateSecret(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, orgId: string, id: string, overlapHours: OverlapHours): Promise<Rotation | undefined> {
  // Made and sealed before the transaction: nothing slow while the row is locked.
  const secret = generateWebhookSecret();
  const sealedSecret = ctx.keyring.encrypt(secret);
  return ctx.db.transaction(async (tx) => {
    // Locked: two rotations at once chain (the second keeps the first's new secret signing), so no
    // secret handed out is lost.
    const record = await tx.get<SubscriptionRecord>(SUBSCRIPTIONS, orgId, id, { forUpdate: true });
    if (!record) return undefined;
    const now = ctx.clock.now();
    const updated: SubscriptionRecord = {
      ...record,
      sealedSecret,
      previousSecret: overlapHours > 0 ? { sealed: record.sealedSecret, until: new Date(now + overlapHours * HOUR_MS).toISOString() } : null,
      rotatedAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    };
    await tx.write([put(SUBSCRIPTIONS, orgId, updated)]);
    return { subscription: updated, secret };
  });
}

/** When the replaced secret stops signing, if it still signs at `now`. */
export function overlapUntil(record: SubscriptionRecord, now: number): string | undefined {
  const previous = record.previousSecret;
  return previous && Date.parse(previous.until) > now ? previous.until : undefined;
}

/** The secrets a delivery at `now` is signed with: the current one, then the replaced one while its overlap lasts. */
export function signingSecrets(ctx: Pick<AppContext, 'keyring'>, record: SubscriptionRecord, now: number): string[] {
  const current = signingSecret(ctx, record);
  return overlapUntil(record, now) && record.previousSecret ? [current, ctx.keyring.decrypt(record.previousSecret.sealed)] : [current];
}
