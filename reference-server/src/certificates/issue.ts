import { SignJWT } from 'jose';
import type { AppContext } from '../context.js';
import { GLOBAL, put, type WriteOp } from '../store/index.js';
import { CERTIFICATE_TYP, SERVER_VERSION, SPEC_VERSION, type CertificateClaims } from './claims.js';
import { CERTIFICATES, type CertificateRecord, type CertificateRef, type CertifiedCheck } from './certificate-records.js';
import { CERTIFICATE_ALG, issuerName, signingKey, VALIDITY_MS } from './signing-keys.js';

export const CERTIFICATES_PATH = '/certificates';
/** Where the issuer's public keys are published. */
export const CERTIFICATE_KEYS_PATH = '/.well-known/certificate-keys.json';
/** Where the issuer's revocation list is published. */
export const REVOCATIONS_PATH = `${CERTIFICATES_PATH}/revoked.json`;

/** What a passed run hands over to be certified. */
export interface CertificateInput {
  orgId: string;
  runId: string;
  /** The organisation's name, as the page says "by whom". */
  organisation: string;
  /** What was certified (the run's name). */
  name: string;
  checks: CertifiedCheck[];
}

const base = (ctx: Pick<AppContext, 'config'>) => (ctx.config.publicUrl ?? `http://${ctx.config.host}:${ctx.config.port}`).replace(/\/+$/, '');

export function certificateRef(ctx: Pick<AppContext, 'config'>, id: string): CertificateRef {
  const url = `${base(ctx)}${CERTIFICATES_PATH}/${id}`;
  return { id, url, jws_url: `${url}.jws` };
}

/**
 * Signs a certificate for a run that passed every MUST. Returns the write that stores it, for the
 * caller to make in the same batch as the run's end: a run is never passed without its
 * certificate, nor a certificate stored for a run that did not end.
 */
export async function issueCertificate(ctx: AppContext, input: CertificateInput): Promise<{ ref: CertificateRef; ops: WriteOp[] }> {
  const id = ctx.ids.next('cer');
  const now = ctx.clock.now();
  const iat = Math.floor(now / 1000);
  const exp = Math.floor((now + VALIDITY_MS) / 1000);
  const issuer = issuerName(ctx);
  const checks = input.checks.map((c) => ({ id: c.id, level: c.level, outcome: c.outcome, ...(c.explanation ? { explanation: c.explanation } : {}) }));
  const claims: Omit<CertificateClaims, 'iss' | 'jti' | 'iat' | 'exp'> = {
    run_id: input.runId,
    organisation: input.organisation,
    name: input.name,
    checks,
    server_version: SERVER_VERSION,
    spec_version: SPEC_VERSION,
  };
  const { kid, privateKey } = await signingKey(ctx);
  const jws = await new SignJWT(claims)
    .setProtectedHeader({ alg: CERTIFICATE_ALG, kid, typ: CERTIFICATE_TYP })
    .setIssuer(issuer)
    .setJti(id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);
  const record: CertificateRecord = {
    id,
    orgId: input.orgId,
    runId: input.runId,
    jws,
    kid,
    issuer,
    name: input.name,
    organisation: input.organisation,
    checks,
    issuedAt: new Date(iat * 1000).toISOString(),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
  return { ref: certificateRef(ctx, id), ops: [put(CERTIFICATES, GLOBAL, record)] };
}
