/**
 * Certificates of integrations that passed a certification run: a compact JWS (EdDSA) signed with
 * a key kept sealed by the master key, published with the issuer's key set and revocation list,
 * verifiable offline (verify.ts, what `certify verify` runs). certification/ issues one as a run
 * passes; the public pages (certificate-pages/) and the workspace show and revoke them.
 * docs/certification.md#certificates is the reviewer's guide.
 */
export { renderBadge } from './badge.js';
export { passedCount, SERVER_VERSION, SPEC_VERSION, type CertificateClaims } from './claims.js';
export { CERTIFICATE_KEYS_PATH, CERTIFICATES_PATH, certificateRef, REVOCATIONS_PATH, issueCertificate, type CertificateInput } from './issue.js';
export { type CertificateRecord, type CertificateRef, type CertifiedCheck } from './certificate-records.js';
export { CertificateError, certificateStatus, getCertificate, revocationList, revokeCertificate, revokeSchema, type CertificateStatus, type RevocationList } from './certificate-revocation.js';
export { certificateKeySet, KeyError, listKeys, LOCAL_ISSUER, rotateKey, withdrawKey, type CertificateKeySet, type KeyView } from './signing-keys.js';
export { validLine, verifyCertificate, type Refusal, type Verification } from './verify.js';
