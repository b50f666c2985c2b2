import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type WriteOp } from '../../store/store.js';
import { type InviteRecord, type InviteSettings, type InviteStatus } from './records.js';
export declare const DEFAULT_EXPIRY_DAYS = 14;
export declare const MAX_EXPIRY_DAYS = 90;
/** Where the participant's pages live; the token follows. */
export declare const INVITE_PATH = "/invite";
/** The body of `POST /api/v1/assessment/invites`, also what the CLI and workspace send. */
export declare const createInviteSchema: z.ZodObject<{
    email: z.ZodPipe<z.ZodString, z.ZodEmail>;
    full_name: z.ZodOptional<z.ZodString>;
    benchmark_tag_id: z.ZodOptional<z.ZodString>;
    expires_at: z.ZodOptional<z.ZodISODateTime>;
}, z.core.$strict>;
export type CreateInviteInput = z.infer<typeof createInviteSchema>;
export declare class InviteInputError extends Error {
    readonly field: string;
    name: string;
    constructor(field: string, message: string);
}
export declare class InviteStateError extends Error {
    name: string;
}
export interface CreatedInvite {
    invite: InviteRecord;
    /** The link with the token: shown once, in the answer that created it. */
    url: string;
}
/** The server's base URL as participants reach it (the public URL, else where it listens). */
export declare function publicBaseUrl(ctx: Pick<AppContext, 'config'>): string;
export declare function createInvite(ctx: AppContext, orgId: string, input: CreateInviteInput, via: InviteRecord['createdVia']): Promise<CreatedInvite>;
export declare function getInvite(ctx: Pick<AppContext, 'store'>, orgId: string, inviteId: string): InviteRecord | undefined;
/** The invite a link's token names, in whichever organisation; undefined for anything else. */
export declare function inviteForToken(ctx: Pick<AppContext, 'store' | 'keyring'>, token: string): InviteRecord | undefined;
export declare function listInvites(ctx: Pick<AppContext, 'store' | 'clock'>, orgId: string, query: {
    limit: number;
    after?: string;
    status?: InviteStatus;
    email?: string;
}): {
    items: InviteRecord[];
    next?: string;
};
/** Revokes an invite: its link then shows "withdrawn" and its draft answers are deleted. */
export declare function revokeInvite(ctx: AppContext, orgId: string, inviteId: string): Promise<InviteRecord | undefined>;
/** Records the first opening of the link (status sent → opened). */
export declare function markOpened(ctx: AppContext, invite: InviteRecord): Promise<InviteRecord>;
export declare function getDraft(ctx: Pick<AppContext, 'store'>, invite: InviteRecord): Record<string, string>;
/** Merges answers into the invite's draft: an empty string clears an answer. Durable on return. */
export declare function saveDraft(ctx: AppContext, invite: InviteRecord, answers: Record<string, string>): Promise<Record<string, string>>;
/** The write that marks an invite completed by a result, in the same batch as the result; the draft goes. */
export declare function completionOps(invite: InviteRecord, resultId: string, at: string): WriteOp[];
export declare function getInviteSettings(ctx: Pick<AppContext, 'store'>, orgId: string): InviteSettings;
export declare function setInviteSettings(ctx: AppContext, orgId: string, settings: {
    showParticipantSummary: boolean;
}): Promise<InviteSettings>;
