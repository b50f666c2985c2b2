import type { StoredRecord } from '../store/index.js';

/** GLOBAL: every certificate by its id (`cer_…`), so the public page finds one without knowing its organisation. */
export const CERTIFICATES = 'certificates';
/** GLOBAL: one record per revoked certificate (its id), so the revocation list is read without a scan. */
export const REVOCATIONS = 'certificate_revocations';
/** GLOBAL: the certificate signing keys, oldest first (signing-keys.ts). */
export const CERTIFICATE_KEYS = 'certificate_signing_keys';
/** GLOBAL: one record (`signing`) naming the key that signs, written with `create` for the first key (signing-keys.ts). */
export const CERTIFICATE_KEY_GUARDS = 'certificate_signing_key_guards';

export type CheckOutcome = 'pass' | 'fail' | 'warn' | 'not_run' | 'pending';

/** One check as a certificate states it. */
export interface CertifiedCheck {
  id: string;
  level: 'MUST' | 'SHOULD';
  outcome: CheckOutcome;
  /** What the integration said about the check, if anything. */
  explanation?: string;
}

/** Where a certificate is published, as a run's report names it. */
export interface CertificateRef {
  id: string;
  url: string;
  jws_url: string;
}

export interface CertificateRecord extends StoredRecord {
  /** `cer_…` */
  id: string;
  /** The organisation the certificate is about (only its workspace admins may revoke it). */
  orgId: string;
  runId: string;
  /** The compact JWS as issued: the page, badge and `.jws` are all read from it and this record. */
  jws: string;
  kid: string;
  issuer: string;
  name: string;
  organisation: string;
  checks: CertifiedCheck[];
  issuedAt: string;
  expiresAt: string;
  revoked?: { at: string; reason: string; by: string };
}

export interface CertificateKeyRecord extends StoredRecord {
  /** The key id (`kid`). */
  id: string;
  alg: 'EdDSA';
  publicJwk: Record<string, unknown>;
  privateJwkSealed: string;
  createdAt: string;
  /** A newer key signs since then; this one stays published until every certificate it signed has expired. */
  retiredAt?: string;
  /** Taken out of the published set (a key thought compromised): what it signed no longer verifies. */
  withdrawnAt?: string;
}

export interface RevocationRecord extends StoredRecord {
  /** The certificate's id. */
  id: string;
  at: string;
  reason: string;
}
