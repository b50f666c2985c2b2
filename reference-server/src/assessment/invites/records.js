import { z } from 'zod';
/**
 * Invite links to the assessment. An invite belongs to an organisation and names the email its
 * result will be stored under; its link carries a single-purpose token that is stored only as a
 * keyed hash, in a global index from that hash to the invite (the link has no organisation in it).
 */
export const INVITES = 'assessment_invites';
/** GLOBAL scope: keyed hash of the token → organisation and invite. */
export const INVITE_TOKENS = 'assessment_invite_tokens';
/** Organisation scope, one per invite (same id): the participant's answers so far. */
export const INVITE_DRAFTS = 'assessment_invite_drafts';
/** Organisation scope, one record (`settings`): how invites behave in this organisation. */
export const INVITE_SETTINGS = 'assessment_invite_settings';
export const INVITE_STATUSES = ['sent', 'opened', 'completed', 'expired', 'revoked'];
export const inviteSettingsSchema = z
    .object({
    show_participant_summary: z.boolean().describe('Show the participant a short, plain-language summary of their dimensions (no scores or norms) after they finish.'),
})
    .strict();
/** Where an invite stands at `now`: completion and revocation outrank expiry. */
export function inviteStatus(invite, now) {
    if (invite.completedAt)
        return 'completed';
    if (invite.revokedAt)
        return 'revoked';
    if (Date.parse(invite.expiresAt) <= now)
        return 'expired';
    return invite.openedAt ? 'opened' : 'sent';
}
//# sourceMappingURL=records.js.map