import type { AppContext } from '../context.js';
import { safeEqual, generateSecret, secretKindOf } from '../crypto/index.js';
import { GLOBAL, put, type WriteOp } from '../store/index.js';
import { getOrganization } from './organizations.js';
import { CREDENTIALS, type Credential, type CredentialKind } from './records.js';

export type PublicCredential = Omit<Credential, 'id'>;

export interface IssuedCredential {
  /** Shown once: only its keyed hash is stored. */
  secret: string;
  credential: PublicCredential;
}

const toPublic = ({ id: _hash, ...rest }: Credential): PublicCredential => rest;

function live(ctx: Pick<AppContext, 'store'>, orgId?: string): Credential[] {
  return ctx.store
    .all<Credential>(CREDENTIALS, GLOBAL)
    .filter((c) => !c.revokedAt && (orgId === undefined || c.orgId === orgId));
}

/**
 * Issues a credential. An organisation has one developer key (the spec): issuing another revokes
 * the previous one in the same write, so there is never a moment with two or none. A
 * certification run's keys (`runId`) stand beside the organisation's and end with the run.
 */
export async function issueCredential(
  ctx: AppContext,
  input: { kind: CredentialKind; orgId: string; label?: string; userId?: string; allowedOperations?: string[]; runId?: string },
): Promise<IssuedCredential> {
  if (!getOrganization(ctx, input.orgId)) throw new Error(`unknown organisation ${input.orgId}`);
  const secret = generateSecret(input.kind);
  const now = new Date(ctx.clock.now()).toISOString();
  const credential: Credential = {
    id: ctx.keyring.hash(secret),
    keyId: ctx.ids.next('key'),
    kind: input.kind,
    orgId: input.orgId,
    label: input.label ?? input.kind.replace('_', ' '),
    hint: `${secret.slice(0, secret.indexOf('_', 4) + 5)}…`,
    createdAt: now,
    ...(input.userId ? { userId: input.userId } : {}),
    ...(input.allowedOperations ? { allowedOperations: input.allowedOperations } : {}),
    ...(input.runId ? { runId: input.runId } : {}),
  };
  const ops: WriteOp[] = [put(CREDENTIALS, GLOBAL, credential)];
  if (input.kind === 'developer_key' && !input.runId) {
    for (const previous of live(ctx, input.orgId).filter((c) => c.kind === 'developer_key' && !c.runId)) {
      ops.push(put(CREDENTIALS, GLOBAL, { ...previous, revokedAt: now }));
    }
  }
  await ctx.store.write(ops);
  return { secret, credential: toPublic(credential) };
}

export function listCredentials(ctx: Pick<AppContext, 'store'>, orgId?: string): PublicCredential[] {
  return ctx.store
    .all<Credential>(CREDENTIALS, GLOBAL)
    .filter((c) => orgId === undefined || c.orgId === orgId)
    .map(toPublic);
}

export async function revokeCredential(ctx: AppContext, keyId: string): Promise<PublicCredential> {
  const found = ctx.store.all<Credential>(CREDENTIALS, GLOBAL).find((c) => c.keyId === keyId);
  if (!found) throw new Error(`unknown key ${keyId}`);
  if (found.revokedAt) return toPublic(found);
  const revoked = { ...found, revokedAt: new Date(ctx.clock.now()).toISOString() };
  await ctx.store.write([put(CREDENTIALS, GLOBAL, revoked)]);
  return toPublic(revoked);
}

/**
 * Finds the credential a presented secret belongs to. It keeps the keyed hashes of the secrets of
 * live credentials presented lately: the same key arrives on every request of a client, and its
 * HMAC was a few percent of a small request's CPU. Only the hash is remembered (a pure function
 * of the secret and the master key), and only for a secret that matched a credential, so unknown
 * keys never enter; the credential itself is looked up and checked (revoked? organisation gone?)
 * on every request as before. At most `HASHES_KEPT` secrets, the least recently used dropped
 * first. One per server, made by the composition root and handed to the guards.
 */
const HASHES_KEPT = 1024;

export class CredentialResolver {
  readonly #hashes = new Map<string, string>();

  constructor(private readonly ctx: Pick<AppContext, 'store' | 'keyring'>) {}

  /**
   * The live credential of `kind` whose secret this is, or undefined. A secret of another kind is
   * refused by its prefix before any lookup; the stored hash is compared in constant time.
   */
  resolve(kind: CredentialKind, secret: string): Credential | undefined {
    if (secretKindOf(secret) !== kind) return undefined;
    const hash = this.#hashes.get(secret) ?? this.ctx.keyring.hash(secret);
    const found = this.ctx.store.get<Credential>(CREDENTIALS, GLOBAL, hash);
    if (!found || !safeEqual(found.id, hash) || found.kind !== kind || found.revokedAt) return undefined;
    if (!getOrganization(this.ctx, found.orgId)) return undefined;
    this.#remember(secret, hash);
    return found;
  }

  #remember(secret: string, hash: string): void {
    this.#hashes.delete(secret);
    if (this.#hashes.size >= HASHES_KEPT) this.#hashes.delete(this.#hashes.keys().next().value as string);
    this.#hashes.set(secret, hash);
  }
}
