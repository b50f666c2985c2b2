import type { RetentionScan } from '../../retention/index.js';
import { INVITE_DRAFTS, INVITES, type InviteRecord } from './invite-records.js';

/**
 * Retention of an invite's saved answers once it can no longer be completed: expired, or gone.
 * (Withdrawing or completing an invite deletes its draft at once; expiry is the one way a draft is left behind.)
 */
export async function draftRetention(scan: RetentionScan): Promise<void> {
  for (const scope of await scan.db.scopes(INVITE_DRAFTS)) {
    if (scan.full()) return;
    const room = scan.room;
    const stale: string[] = [];
    for (const draft of await scan.db.all(INVITE_DRAFTS, scope)) {
      const invite = await scan.db.get<InviteRecord>(INVITES, scope, draft.id);
      if (!invite || Date.parse(invite.expiresAt) <= scan.now) stale.push(draft.id);
    }
    scan.take(INVITE_DRAFTS, scope, { ids: stale.slice(0, room), more: stale.length > room });
  }
}
