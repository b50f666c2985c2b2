import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import type { AppContext } from '../context.js';
import { GLOBAL, put } from '../store/index.js';
import { OAUTH_SIGNING_KEYS, type SigningKeyRecord } from './records.js';
import { iso } from './settings.js';

/** EdDSA (Ed25519): signing costs a fraction of RS256's ≈2 ms, and verification is as cheap. */
export const SIGNING_ALG = 'EdDSA';

interface LoadedKeys {
  kid: string;
  privateKey: CryptoKey;
  verifyKey: JWTVerifyGetKey;
  jwks: JSONWebKeySet;
}

/**
 * The access-token signing keys. The private key is stored sealed with the keyring; the newest
 * key signs and every stored key verifies, so a key added later does not cut off live tokens.
 * The pair is created on first use and loaded once per process.
 */
export class SigningKeys {
  readonly #ctx: AppContext;
  #loading: Promise<LoadedKeys> | undefined;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  load(): Promise<LoadedKeys> {
    this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  }

  async #load(): Promise<LoadedKeys> {
    const { store, keyring } = this.#ctx;
    let records = store.all<SigningKeyRecord>(OAUTH_SIGNING_KEYS, GLOBAL);
    if (records.length === 0) {
      const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
      const kid = this.#ctx.ids.next('key');
      const record: SigningKeyRecord = {
        id: kid,
        alg: SIGNING_ALG,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' },
        privateJwkSealed: keyring.encrypt(JSON.stringify(await exportJWK(privateKey))),
        createdAt: iso(this.#ctx.clock.now()),
      };
      // Another load may have raced us while the pair was generated: keep the first one stored.
      if (store.all<SigningKeyRecord>(OAUTH_SIGNING_KEYS, GLOBAL).length === 0) {
        await store.write([put(OAUTH_SIGNING_KEYS, GLOBAL, record)]);
      }
      records = store.all<SigningKeyRecord>(OAUTH_SIGNING_KEYS, GLOBAL);
    }
    const newest = records[records.length - 1] as SigningKeyRecord;
    const privateJwk = JSON.parse(keyring.decrypt(newest.privateJwkSealed)) as JWK;
    const privateKey = (await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey;
    const jwks: JSONWebKeySet = { keys: records.map((r) => r.publicJwk as JWK) };
    return { kid: newest.id, privateKey, verifyKey: createLocalJWKSet(jwks), jwks };
  }
}
