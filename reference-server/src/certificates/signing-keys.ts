import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import type { AppContext } from '../context.js';
import { create, GLOBAL, put, StoreConflictError, type AsyncReader } from '../store/index.js';
import { CERTIFICATE_KEY_GUARDS, CERTIFICATE_KEYS, type CertificateKeyRecord } from './certificate-records.js';

/** EdDSA (Ed25519), as the OAuth access tokens: small signatures every JOSE library verifies. */
export const CERTIFICATE_ALG = 'EdDSA';
/** A certificate is valid this long from its issue. */
export const VALIDITY_MS = 365 * 24 * 3600 * 1000;

/** The key set as published: the issuer's name beside the keys (RFC 7517 §5 lets a set carry more members). */
export interface CertificateKeySet extends JSONWebKeySet {
  issuer: string;
}

export class KeyError extends Error {
  override name = 'KeyError';
}

const keys = (db: AsyncReader) => db.all<CertificateKeyRecord>(CERTIFICATE_KEYS, GLOBAL);
const signing = (records: CertificateKeyRecord[]) => records.filter((k) => !k.retiredAt && !k.withdrawnAt).at(-1);

/** A retired key stays published as long as a certificate it signed (before its retirement) may still be valid. */
const published = (key: CertificateKeyRecord, now: number): boolean => !key.withdrawnAt && (!key.retiredAt || Date.parse(key.retiredAt) + VALIDITY_MS > now);

async function newKey(ctx: Pick<AppContext, 'ids' | 'keyring' | 'clock'>): Promise<CertificateKeyRecord> {
  const { publicKey, privateKey } = await generateKeyPair(CERTIFICATE_ALG, { crv: 'Ed25519', extractable: true });
  const kid = ctx.ids.next('cerkey');
  return {
    id: kid,
    alg: CERTIFICATE_ALG,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: CERTIFICATE_ALG, use: 'sig' },
    // Sealed with the master key, like the OAuth signing key: the store alone cannot sign.
    privateJwkSealed: ctx.keyring.encrypt(JSON.stringify(await exportJWK(privateKey))),
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
}

/**
 * The guard beside the signing key (CERTIFICATE_KEY_GUARDS): its one record names the key that
 * signs. Making the first key writes it with `create`, so two servers passing runs at once make
 * one; a rotation reads it `forUpdate`, so two rotations follow each other.
 */
const SIGNING = 'signing';
interface SigningGuard {
  id: typeof SIGNING;
  kid: string;
}

/** The key that signs now, made on first use. */
export async function signingKey(ctx: AppContext): Promise<{ kid: string; privateKey: CryptoKey }> {
  let key = signing(await keys(ctx.db));
  if (!key) {
    const made = await newKey(ctx);
    try {
      await ctx.db.write([create<SigningGuard>(CERTIFICATE_KEY_GUARDS, GLOBAL, { id: SIGNING, kid: made.id }), put(CERTIFICATE_KEYS, GLOBAL, made)]);
    } catch (error) {
      // Another server made the first key meanwhile: sign with that one.
      if (!(error instanceof StoreConflictError)) throw error;
    }
    key = signing(await keys(ctx.db)) as CertificateKeyRecord;
  }
  const privateJwk = JSON.parse(ctx.keyring.decrypt(key.privateJwkSealed)) as JWK;
  return { kid: key.id, privateKey: (await importJWK(privateJwk, CERTIFICATE_ALG)) as CryptoKey };
}

export const issuerName = (ctx: Pick<AppContext, 'config'>): string => ctx.config.certificateIssuer ?? LOCAL_ISSUER;
/** The issuer of a server started without `--certificate-issuer`: someone's own machine, not a sandbox's word. */
export const LOCAL_ISSUER = 'local';

/** `/.well-known/certificate-keys.json`: the keys that verify this server's unexpired certificates. */
export async function certificateKeySet(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<CertificateKeySet> {
  const now = ctx.clock.now();
  return { issuer: issuerName(ctx), keys: (await keys(ctx.db)).filter((k) => published(k, now)).map((k) => k.publicJwk as JWK) };
}

export interface KeyView {
  kid: string;
  created_at: string;
  state: 'signing' | 'retired' | 'withdrawn';
  published: boolean;
}

export async function listKeys(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<KeyView[]> {
  const now = ctx.clock.now();
  return (await keys(ctx.db)).map((k) => ({ kid: k.id, created_at: k.createdAt, state: k.withdrawnAt ? 'withdrawn' : k.retiredAt ? 'retired' : 'signing', published: published(k, now) }));
}

/** A new key signs from now on; the one before stays published until its certificates have expired. */
export async function rotateKey(ctx: AppContext): Promise<KeyView[]> {
  const made = await newKey(ctx);
  const at = new Date(ctx.clock.now()).toISOString();
  const rotate = () => ctx.db.transaction(async (tx) => {
    const guard = await tx.get<SigningGuard>(CERTIFICATE_KEY_GUARDS, GLOBAL, SIGNING, { forUpdate: true });
    const retiring = (await keys(tx)).filter((k) => !k.retiredAt && !k.withdrawnAt);
    const next: SigningGuard = { id: SIGNING, kid: made.id };
    await tx.write([
      ...retiring.map((k) => put(CERTIFICATE_KEYS, GLOBAL, { ...k, retiredAt: at })),
      put(CERTIFICATE_KEYS, GLOBAL, made),
      guard ? put(CERTIFICATE_KEY_GUARDS, GLOBAL, next) : create(CERTIFICATE_KEY_GUARDS, GLOBAL, next),
    ]);
  });
  try {
    await rotate();
  } catch (error) {
    // A folder from before the guard, rotated on two servers at once: the guard exists now, so
    // running again waits for the other rotation and retires its key.
    if (!(error instanceof StoreConflictError)) throw error;
    await rotate();
  }
  return listKeys(ctx);
}

/** Takes a retired key out of the published set at once: every certificate it signed stops verifying. */
export async function withdrawKey(ctx: AppContext, kid: string): Promise<KeyView[]> {
  await ctx.db.transaction(async (tx) => {
    const key = await tx.get<CertificateKeyRecord>(CERTIFICATE_KEYS, GLOBAL, kid, { forUpdate: true });
    if (!key) throw new KeyError(`no certificate signing key ${kid}`);
    if (!key.retiredAt && !key.withdrawnAt) throw new KeyError(`${kid} is the key that signs now: rotate first (reference-server certify rotate-key), then withdraw it`);
    if (!key.withdrawnAt) await tx.write([put(CERTIFICATE_KEYS, GLOBAL, { ...key, withdrawnAt: new Date(ctx.clock.now()).toISOString() })]);
  });
  return listKeys(ctx);
}
