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

export const INVITE_STATUSES = ['sent', 'opened', 'completed', 'expired', 'revoked'] as const;
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
  /** The signed-in person who created it in the workspace; absent for the API and the CLI, and on invites made before it was kept. */
  createdBy?: InviteCreator;
  /** First time the link was opened. */
  openedAt?: string;
  completedAt?: string;
  /** The result the participant's answers produced. */
  resultId?: string;
  revokedAt?: string;
}

export interface InviteCreator {
  name: string;
  email: string;
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

export const inviteSettingsSchema = z
  .object({
    show_participant_summary: z.boolean().describe('Show the participant a short, plain-language summary of their dimensions (no scores or norms) after they finish.'),
  })
  .strict();

/** Where an invite stands at `now`: completion and revocation outrank expiry. */
export function inviteStatus(invite: InviteRecord, now: number): InviteStatus {
  if (invite.completedAt) return 'completed';
  if (invite.revokedAt) return 'revoked';
  if (Date.parse(invite.expiresAt) <= now) return 'expired';
  return invite.openedAt ? 'opened' : 'sent';
}
