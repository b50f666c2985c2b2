import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import type { AppContext } from '../context.js';
import { create, GLOBAL, put, StoreConflictError } from '../store/index.js';
import { OAUTH_SIGNING_KEY_GUARDS, OAUTH_SIGNING_KEYS, type SigningKeyRecord } from './oauth-records.js';
import { iso } from './settings.js';

/** EdDSA (Ed25519): signing costs a fraction of RS256's ≈2 ms, and verification is as cheap. */
export const SIGNING_ALG = 'EdDSA';
/** The guard's id: there is one first key. */
const FIRST_KEY = 'first';

interface LoadedKeys {
  kid: string;
  privateKey: CryptoKey;
  verifyKey: JWTVerifyGetKey;
  jwks: JSONWebKeySet;
}

/**
 * The access-token signing keys. The private key is stored sealed with the keyring; the newest
 * key signs and every stored key verifies, so a key added later does not cut off live tokens.
 * The pair is created on first use and loaded once per process: no key is added later, so what
 * one server loaded is what every server signs and verifies with.
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
    const { keyring } = this.#ctx;
    let records = await this.#ctx.db.all<SigningKeyRecord>(OAUTH_SIGNING_KEYS, GLOBAL);
    if (records.length === 0) {
      await this.#create();
      records = await this.#ctx.db.all<SigningKeyRecord>(OAUTH_SIGNING_KEYS, GLOBAL);
    }
    const newest = records[records.length - 1] as SigningKeyRecord;
    const privateJwk = JSON.parse(keyring.decrypt(newest.privateJwkSealed)) as JWK;
    const privateKey = (await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey;
    const jwks: JSONWebKeySet = { keys: records.map((r) => r.publicJwk as JWK) };
    return { kid: newest.id, privateKey, verifyKey: createLocalJWKSet(jwks), jwks };
  }

  /**
   * The first pair, made once however many servers start together: each generates one (outside
   * any transaction), and the key is written with a `create` of the guard, so exactly one commits;
   * the others' are refused and they read the winner's.
   */
  async #create(): Promise<void> {
    const { keyring } = this.#ctx;
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
    const kid = this.#ctx.ids.next('key');
    const record: SigningKeyRecord = {
      id: kid,
      alg: SIGNING_ALG,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' },
      privateJwkSealed: keyring.encrypt(JSON.stringify(await exportJWK(privateKey))),
      createdAt: iso(this.#ctx.clock.now()),
    };
    try {
      await this.#ctx.db.write([create(OAUTH_SIGNING_KEY_GUARDS, GLOBAL, { id: FIRST_KEY, kid }), put(OAUTH_SIGNING_KEYS, GLOBAL, record)]);
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
    }
  }
}
