import { z } from 'zod';
import type { AppContext } from '../context.js';
import { GLOBAL, put } from '../store/index.js';
import { CERTIFICATES, REVOCATIONS, type CertificateRecord, type RevocationRecord } from './certificate-records.js';
import { issuerName } from './signing-keys.js';

export const revokeSchema = z
  .object({
    certificateId: z.string().min(1).max(100).describe('the certificate, cer_…'),
    reason: z.string().trim().min(1).max(500).describe('why it is revoked (shown on its public page and by certify verify)'),
  })
  .strict();

export class CertificateError extends Error {
  override name = 'CertificateError';
}

export const getCertificate = (ctx: Pick<AppContext, 'db'>, id: string): Promise<CertificateRecord | undefined> => ctx.db.get<CertificateRecord>(CERTIFICATES, GLOBAL, id);

export type CertificateStatus = 'valid' | 'revoked' | 'expired';

export function certificateStatus(certificate: CertificateRecord, now: number): CertificateStatus {
  if (certificate.revoked) return 'revoked';
  return Date.parse(certificate.expiresAt) <= now ? 'expired' : 'valid';
}

/**
 * Revokes a certificate: the operator any, an organisation's admin only its own (`orgId`).
 * Revoking again keeps the first reason: the public record does not change under a reader.
 */
export async function revokeCertificate(ctx: AppContext, input: z.input<typeof revokeSchema>, by: { who: string; orgId?: string }): Promise<CertificateRecord> {
  const { certificateId, reason } = revokeSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const certificate = await tx.get<CertificateRecord>(CERTIFICATES, GLOBAL, certificateId, { forUpdate: true });
    if (!certificate || (by.orgId !== undefined && certificate.orgId !== by.orgId)) throw new CertificateError(`no certificate ${certificateId}`);
    if (certificate.revoked) return certificate;
    const at = new Date(ctx.clock.now()).toISOString();
    const revoked: CertificateRecord = { ...certificate, revoked: { at, reason, by: by.who } };
    await tx.write([put(CERTIFICATES, GLOBAL, revoked), put<RevocationRecord>(REVOCATIONS, GLOBAL, { id: certificateId, at, reason })]);
    return revoked;
  });
}

/** `/certificates/revoked.json`: every certificate this issuer revoked, with when and why. */
export interface RevocationList {
  issuer: string;
  revoked: Array<{ id: string; revoked_at: string; reason: string }>;
}

export async function revocationList(ctx: Pick<AppContext, 'db' | 'config'>): Promise<RevocationList> {
  return { issuer: issuerName(ctx), revoked: (await ctx.db.all<RevocationRecord>(REVOCATIONS, GLOBAL)).map((r) => ({ id: r.id, revoked_at: r.at, reason: r.reason })) };
}
