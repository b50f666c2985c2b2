import { z } from 'zod';
/**
 * Invite links to the assessment. An invite belongs to an organisation and names the email its
 * result will be stored under; its link carries a single-purpose token that is stored only as a
 * keyed hash, in a global index from that hash to the invite (the link has no organisation in it).
 */
export declare const INVITES = "assessment_invites";
/** GLOBAL scope: keyed hash of the token → organisation and invite. */
export declare const INVITE_TOKENS = "assessment_invite_tokens";
/** Organisation scope, one per invite (same id): the participant's answers so far. */
export declare const INVITE_DRAFTS = "assessment_invite_drafts";
/** Organisation scope, one record (`settings`): how invites behave in this organisation. */
export declare const INVITE_SETTINGS = "assessment_invite_settings";
export declare const INVITE_STATUSES: readonly ["sent", "opened", "completed", "expired", "revoked"];
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export interface InviteRecord {
    /** `inv_…`; public, unlike the token. */
    id: string;
    organizationId: string;
    /** The email the result is stored under (the participant cannot change it). */
    email: string;
    fullName: string | null;
    benchmarkTagId: string | null;
    createdAt: string;
    expiresAt: string;
    /** Who created it: the API (developer key), the operator CLI, or the workspace. */
    createdVia: 'api' | 'operator' | 'workspace';
    /** First time the link was opened. */
    openedAt?: string;
    completedAt?: string;
    /** The result the participant's answers produced. */
    resultId?: string;
    revokedAt?: string;
}
export interface InviteTokenEntry {
    /** The keyed hash of the token. */
    id: string;
    organizationId: string;
    inviteId: string;
}
/** Answers as the participant's browser sent them (form text), keyed by question id. */
export interface InviteDraft {
    id: string;
    answers: Record<string, string>;
    updatedAt: string;
}
export interface InviteSettings {
    id: 'settings';
    /** Show the participant a plain-language summary of their dimensions after they finish. */
    showParticipantSummary: boolean;
    updatedAt: string;
}
export declare const inviteSettingsSchema: z.ZodObject<{
    show_participant_summary: z.ZodBoolean;
}, z.core.$strict>;
/** Where an invite stands at `now`: completion and revocation outrank expiry. */
export declare function inviteStatus(invite: InviteRecord, now: number): InviteStatus;
