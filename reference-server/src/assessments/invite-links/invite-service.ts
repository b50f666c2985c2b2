import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { generateSecret, SECRET_PREFIXES } from '../../crypto/index.js';
import { benchmarkTag } from '../../psychometrics/index.js';
import { del, GLOBAL, put, type Transaction, type WriteOp } from '../../store/index.js';
import {
  INVITE_DRAFTS,
  INVITE_SETTINGS,
  INVITE_TOKENS,
  INVITES,
  inviteStatus,
  type InviteCreator,
  type InviteDraft,
  type InviteRecord,
  type InviteSettings,
  type InviteStatus,
  type InviteTokenEntry,
} from './invite-records.js';

const DAY_MS = 24 * 3600_000;
export const DEFAULT_EXPIRY_DAYS = 14;
export const MAX_EXPIRY_DAYS = 90;
/** Where the participant's pages live; the token follows. */
export const INVITE_PATH = '/invite';

/** The body of `POST /api/v1/assessment/invites`, also what the CLI and workspace send. */
export const createInviteSchema = z
  .object({
    email: z.string().trim().pipe(z.email().max(254)).meta({ format: 'email', description: 'The participant; their result is stored under this email.' }),
    full_name: z.string().trim().min(1).max(200).optional().describe('Pre-fills the name question (the participant can correct it).'),
    benchmark_tag_id: z.string().min(1).max(100).optional().describe('Score the result against this tag’s norms (GET /api/v1/benchmark-tags).'),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe(`When the link stops working; default ${DEFAULT_EXPIRY_DAYS} days from now, at most ${MAX_EXPIRY_DAYS}.`),
  })
  .strict();
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

export class InviteInputError extends Error {
  override name = 'InviteInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export class InviteStateError extends Error {
  override name = 'InviteStateError';
}

export interface CreatedInvite {
  invite: InviteRecord;
  /** The link with the token: shown once, in the answer that created it. */
  url: string;
}

/** The server's base URL as participants reach it (the public URL, else where it listens). */
export function publicBaseUrl(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.publicUrl ?? `http://${ctx.config.host}:${ctx.config.port}`;
}

export async function createInvite(ctx: AppContext, orgId: string, input: CreateInviteInput, via: InviteRecord['createdVia'], by?: InviteCreator): Promise<CreatedInvite> {
  const now = ctx.clock.now();
  if (input.benchmark_tag_id !== undefined && !benchmarkTag(input.benchmark_tag_id)) {
    throw new InviteInputError('benchmark_tag_id', `unknown tag "${input.benchmark_tag_id}": use an id from GET /api/v1/benchmark-tags`);
  }
  const expiresAt = input.expires_at === undefined ? now + DEFAULT_EXPIRY_DAYS * DAY_MS : Date.parse(input.expires_at);
  if (expiresAt <= now) throw new InviteInputError('expires_at', 'must be in the future');
  if (expiresAt > now + MAX_EXPIRY_DAYS * DAY_MS) throw new InviteInputError('expires_at', `must be at most ${MAX_EXPIRY_DAYS} days from now`);

  const token = generateSecret('invite_token');
  const invite: InviteRecord = {
    id: ctx.ids.next('inv'),
    organizationId: orgId,
    email: input.email,
    fullName: input.full_name ?? null,
    benchmarkTagId: input.benchmark_tag_id ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    createdVia: via,
    ...(by ? { createdBy: { name: by.name, email: by.email } } : {}),
  };
  await ctx.db.write([
    put(INVITES, orgId, invite),
    put<InviteTokenEntry>(INVITE_TOKENS, GLOBAL, { id: ctx.keyring.hash(token), organizationId: orgId, inviteId: invite.id }),
  ]);
  return { invite, url: `${publicBaseUrl(ctx)}${INVITE_PATH}/${token}` };
}

export function getInvite(ctx: Pick<AppContext, 'db'>, orgId: string, inviteId: string): Promise<InviteRecord | undefined> {
  return ctx.db.get<InviteRecord>(INVITES, orgId, inviteId);
}

/** The invite a link's token names, in whichever organisation; undefined for anything else. */
export async function inviteForToken(ctx: Pick<AppContext, 'db' | 'keyring'>, token: string): Promise<InviteRecord | undefined> {
  if (!token.startsWith(SECRET_PREFIXES.invite_token) || token.length > 100) return undefined;
  const entry = await ctx.db.get<InviteTokenEntry>(INVITE_TOKENS, GLOBAL, ctx.keyring.hash(token));
  return entry ? getInvite(ctx, entry.organizationId, entry.inviteId) : undefined;
}

export function listInvites(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  orgId: string,
  query: { limit: number; after?: string; status?: InviteStatus; email?: string },
): Promise<{ items: InviteRecord[]; next?: string }> {
  const now = ctx.clock.now();
  const email = query.email?.trim().toLowerCase();
  const filter =
    query.status || email
      ? (invite: InviteRecord) => (!query.status || inviteStatus(invite, now) === query.status) && (!email || invite.email.toLowerCase() === email)
      : undefined;
  return ctx.db.page<InviteRecord>(INVITES, orgId, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
    ...(filter ? { filter, maxScan: 5000 } : {}),
  });
}

/** Revokes an invite: its link then shows "withdrawn" and its draft answers are deleted. Read for update: never revokes one a finish completed meanwhile. */
export function revokeInvite(ctx: AppContext, orgId: string, inviteId: string): Promise<InviteRecord | undefined> {
  return ctx.db.transaction(async (tx) => {
    const invite = await tx.get<InviteRecord>(INVITES, orgId, inviteId, { forUpdate: true });
    if (!invite) return undefined;
    if (invite.completedAt) throw new InviteStateError('This invite was already completed; its result stays (delete nothing by revoking).');
    if (invite.revokedAt) return invite;
    const revoked: InviteRecord = { ...invite, revokedAt: new Date(ctx.clock.now()).toISOString() };
    await tx.write([put(INVITES, orgId, revoked), del(INVITE_DRAFTS, orgId, invite.id)]);
    return revoked;
  });
}

/** Records the first opening of the link (status sent → opened); the invite as it is now otherwise. */
export async function markOpened(ctx: AppContext, invite: InviteRecord): Promise<InviteRecord> {
  if (invite.openedAt) return invite;
  const at = new Date(ctx.clock.now()).toISOString();
  return ctx.db.transaction(async (tx) => {
    const current = await tx.get<InviteRecord>(INVITES, invite.organizationId, invite.id, { forUpdate: true });
    if (!current || current.openedAt) return current ?? invite;
    const opened: InviteRecord = { ...current, openedAt: at };
    await tx.write([put(INVITES, invite.organizationId, opened)]);
    return opened;
  });
}

export async function getDraft(ctx: Pick<AppContext, 'db'>, invite: InviteRecord): Promise<Record<string, string>> {
  return (await ctx.db.get<InviteDraft>(INVITE_DRAFTS, invite.organizationId, invite.id))?.answers ?? {};
}

/**
 * Merges answers into the invite's draft: an empty string clears an answer (`answers` may be
 * worked out from the draft as it is). Durable on return. The draft is read for update, so two
 * tabs saving sections at once keep both.
 */
export async function saveDraft(ctx: AppContext, invite: InviteRecord, answers: Record<string, string> | ((draft: Record<string, string>) => Record<string, string>)): Promise<Record<string, string>> {
  const at = new Date(ctx.clock.now()).toISOString();
  return ctx.db.transaction(async (tx) => {
    const draft = await tx.get<InviteDraft>(INVITE_DRAFTS, invite.organizationId, invite.id, { forUpdate: true });
    const merged = { ...draft?.answers };
    for (const [id, value] of Object.entries(typeof answers === 'function' ? answers(merged) : answers)) {
      if (value === '') delete merged[id];
      else merged[id] = value;
    }
    await tx.write([put<InviteDraft>(INVITE_DRAFTS, invite.organizationId, { id: invite.id, answers: merged, updatedAt: at })]);
    return merged;
  });
}

/** The invite read for update; InviteStateError unless it is still neither completed nor revoked. */
async function stillOpen(tx: Transaction, invite: InviteRecord): Promise<InviteRecord> {
  const current = await tx.get<InviteRecord>(INVITES, invite.organizationId, invite.id, { forUpdate: true });
  if (!current || current.completedAt || current.revokedAt) throw new InviteStateError('This invite is no longer open.');
  return current;
}

/**
 * What marks an invite completed by a result, in the result's transaction; the draft goes. The
 * invite is read for update: of two finishes at once, the second finds it completed and its whole
 * transaction (its result too) is refused with InviteStateError. One result per invite.
 */
export async function completionOps(tx: Transaction, invite: InviteRecord, resultId: string, at: string): Promise<WriteOp[]> {
  const current = await stillOpen(tx, invite);
  return [put(INVITES, invite.organizationId, { ...current, completedAt: at, resultId }), del(INVITE_DRAFTS, invite.organizationId, invite.id)];
}

export async function getInviteSettings(ctx: Pick<AppContext, 'db'>, orgId: string): Promise<InviteSettings> {
  return (await ctx.db.get<InviteSettings>(INVITE_SETTINGS, orgId, 'settings')) ?? { id: 'settings', showParticipantSummary: false, updatedAt: new Date(0).toISOString() };
}

export async function setInviteSettings(ctx: AppContext, orgId: string, settings: { showParticipantSummary: boolean }): Promise<InviteSettings> {
  const record: InviteSettings = { id: 'settings', ...settings, updatedAt: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(INVITE_SETTINGS, orgId, record)]);
  return record;
}
