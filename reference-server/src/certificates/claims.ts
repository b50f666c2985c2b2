import { createRequire } from 'node:module';
import { z } from 'zod';

/** The JWS header's `typ`: a certificate is told apart from any other JWT the same keys could meet. */
export const CERTIFICATE_TYP = 'certificate+jwt';
/** The version of the platform spec the checks grade against (docs/spec/partner-integration-service.md). */
export const SPEC_VERSION = '1.0';
/** This server's version (package.json, two folders up from both src/ and dist/). */
export const SERVER_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

const check = z
  .object({
    id: z.string().min(1),
    level: z.enum(['MUST', 'SHOULD']),
    outcome: z.enum(['pass', 'fail', 'warn', 'not_run', 'pending']),
    explanation: z.string().optional(),
  })
  .strict();

/**
 * What a certificate says, as its signed payload (JWT claims, so a stock `jwtVerify` checks
 * `iss`, `iat` and `exp`): who issued it, about which run of which organisation's integration,
 * each check's outcome and the integration's explanations, and the versions graded against.
 * Nothing else: no URL, credential or person of the run.
 */
export const certificateClaims = z.object({
  iss: z.string().min(1),
  jti: z.string().min(1),
  iat: z.int(),
  exp: z.int(),
  run_id: z.string().min(1),
  organisation: z.string(),
  name: z.string(),
  checks: z.array(check),
  server_version: z.string(),
  spec_version: z.string(),
});
export type CertificateClaims = z.infer<typeof certificateClaims>;

export const passedCount = (claims: Pick<CertificateClaims, 'checks'>): number => claims.checks.filter((c) => c.outcome === 'pass').length;
