import { z } from 'zod';
import { cursorPageSchema } from '../../http/index.js';
import { INVITE_STATUSES, inviteStatus, type InviteRecord } from './invite-records.js';

/** An invite as `/api/v1/assessment/invites` shows it: never its token (only the creating answer has the link). */
export const inviteViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    benchmark_tag_id: z.string().nullable(),
    status: z.enum(INVITE_STATUSES).describe('sent → opened (the link was visited) → completed; expired once past expires_at unfinished; revoked by DELETE.'),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    opened_at: z.iso.datetime().nullable(),
    completed_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    result_id: z.string().nullable().describe('The result the participant produced (GET /api/v1/assessment/results?result_id=).'),
  })
  .strict();
export type InviteView = z.infer<typeof inviteViewSchema>;

export const createdInviteSchema = inviteViewSchema
  .extend({ url: z.string().describe('The participant’s link, with its single-purpose token. Shown only in this answer: store or send it now.') })
  .strict();

export const inviteListSchema = cursorPageSchema(inviteViewSchema);

export const inviteListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(25).describe('Page size, 1 to 100.'),
    cursor: z.string().max(512).optional().describe('next_cursor of the previous page.'),
    status: z.enum(INVITE_STATUSES).optional().describe('Only invites with this status.'),
    email: z.string().trim().min(1).max(254).optional().describe('Only invites for this email (case-insensitive).'),
  })
  .strict();

export const inviteSettingsViewSchema = z
  .object({ show_participant_summary: z.boolean(), updated_at: z.iso.datetime() })
  .strict();

export function inviteView(invite: InviteRecord, now: number): InviteView {
  return {
    id: invite.id,
    email: invite.email,
    full_name: invite.fullName,
    benchmark_tag_id: invite.benchmarkTagId,
    status: inviteStatus(invite, now),
    created_at: invite.createdAt,
    expires_at: invite.expiresAt,
    opened_at: invite.openedAt ?? null,
    completed_at: invite.completedAt ?? null,
    revoked_at: invite.revokedAt ?? null,
    result_id: invite.resultId ?? null,
  };
}
