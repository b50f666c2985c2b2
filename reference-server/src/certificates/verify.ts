import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import { certificateClaims, CERTIFICATE_TYP, passedCount, type CertificateClaims } from './claims.js';
import type { RevocationList } from './certificate-revocation.js';
import { CERTIFICATE_ALG, LOCAL_ISSUER } from './signing-keys.js';

export type Refusal = 'malformed' | 'bad-signature' | 'unknown-key' | 'another-issuer' | 'expired' | 'revoked';

export type Verification = { ok: true; claims: CertificateClaims; kid: string } | { ok: false; refusal: Refusal; reason: string };

const keySetSchema = z.object({ issuer: z.string().min(1), keys: z.array(z.looseObject({ kid: z.string().optional() })) });
const revocationSchema = z.object({ issuer: z.string(), revoked: z.array(z.object({ id: z.string(), revoked_at: z.string(), reason: z.string() })) });

const refuse = (refusal: Refusal, reason: string): Verification => ({ ok: false, refusal, reason });

/** The unverified issuer, only to say whose a refused certificate claims to be. */
function claimedIssuer(jws: string): string | undefined {
  try {
    const iss = decodeJwt(jws).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a certificate (a compact JWS) against an issuer's published key set, offline: the
 * signature by one of the set's keys, the `typ`, the claims' shape, the issuer named by the set,
 * the expiry at `now`, and — when a revocation list of the same issuer is given — revocation.
 * Every refusal says why in words a reviewer can act on.
 */
export async function verifyCertificate(jws: string, keySet: unknown, options: { now?: Date; revoked?: unknown } = {}): Promise<Verification> {
  const keys = keySetSchema.safeParse(keySet);
  if (!keys.success) return refuse('malformed', 'the key set is not a certificate key set ({issuer, keys: [JWK…]})');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws.trim());
  } catch {
    return refuse('malformed', 'not a compact JWS');
  }
  if (header.alg !== CERTIFICATE_ALG || header.typ !== CERTIFICATE_TYP) return refuse('malformed', `not a certificate (alg ${String(header.alg)}, typ ${String(header.typ)})`);
  const claimed = claimedIssuer(jws.trim());
  if (!keys.data.keys.some((k) => k.kid === header.kid)) {
    if (claimed !== undefined && claimed !== keys.data.issuer) return refuse('another-issuer', `issued by ${claimed}, not by ${keys.data.issuer} (whose key set this is)`);
    return refuse('unknown-key', `signed with key ${String(header.kid)}, which ${keys.data.issuer}'s key set does not hold (another server's key, or a withdrawn one)`);
  }
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(jws.trim(), createLocalJWKSet(keys.data as JSONWebKeySet), { algorithms: [CERTIFICATE_ALG], typ: CERTIFICATE_TYP, ...(options.now ? { currentDate: options.now } : {}) }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return refuse('bad-signature', 'bad signature: the certificate was changed after it was signed');
    if (error instanceof errors.JWTExpired) return refuse('expired', `expired on ${new Date(Number((error.payload as { exp?: number }).exp) * 1000).toISOString()}`);
    return refuse('malformed', `not a valid certificate: ${(error as Error).message}`);
  }
  const claims = certificateClaims.safeParse(payload);
  if (!claims.success) return refuse('malformed', 'the signed payload is not a certificate');
  if (claims.data.iss !== keys.data.issuer) return refuse('another-issuer', `issued by ${claims.data.iss}, not by ${keys.data.issuer} (whose key set this is)`);
  if (options.revoked !== undefined) {
    const list = revocationSchema.safeParse(options.revoked);
    if (!list.success || list.data.issuer !== keys.data.issuer) return refuse('malformed', `the revocation list is not ${keys.data.issuer}'s`);
    const entry = list.data.revoked.find((r) => r.id === claims.data.jti);
    if (entry) return refuse('revoked', `revoked on ${entry.revoked_at}: ${entry.reason}`);
  }
  return { ok: true, claims: claims.data, kid: header.kid as string };
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** `valid: Acme CRM sync, 12 checks passed, issued by Evaluate sandbox on 2026-11-28, expires 2027-11-28` */
export function validLine(claims: CertificateClaims): string {
  const local = claims.iss === LOCAL_ISSUER ? ' (a local server: no sandbox vouches for it)' : '';
  return `valid: ${claims.name}, ${passedCount(claims)} checks passed, issued by ${claims.iss}${local} on ${day(claims.iat)}, expires ${day(claims.exp)}`;
}
