import type { AppContext } from '../context.js';
import { safeEqual, generateSecret, secretKindOf } from '../crypto/index.js';
import { create, del, GLOBAL, put, StoreConflictError, type AsyncWriteOp, type Transaction } from '../store/index.js';
import type { MaybePromise } from '../maybe-promise.js';
import { getOrganization } from './organizations.js';
import { ACTIVE_DEVELOPER_KEYS, CREDENTIALS, DEVELOPER_KEY_GUARD, ORGANIZATIONS, type Credential, type CredentialKind, type DeveloperKeyGuard, type Organization } from './tenancy-records.js';

export type PublicCredential = Omit<Credential, 'id'>;

export interface IssuedCredential {
  /** Shown once: only its keyed hash is stored. */
  secret: string;
  credential: PublicCredential;
}

const toPublic = ({ id: _hash, ...rest }: Credential): PublicCredential => rest;

/** The organisation's own developer key (a certification run's stand beside it). */
const isOrgDeveloperKey = (c: Credential): boolean => c.kind === 'developer_key' && !c.runId;

/**
 * The writes that make `credential` the organisation's one live developer key: every other one
 * revoked, and the guard moved to it. The guard is read `forUpdate` (a second issue waits for the
 * first to commit, then revokes what it made) and, when there is none yet, written with `create`
 * (of two first issues one commits; the other runs again and finds it).
 */
async function replaceDeveloperKey(tx: Transaction, credential: Credential, now: string): Promise<AsyncWriteOp[]> {
  const guard = await tx.get<DeveloperKeyGuard>(ACTIVE_DEVELOPER_KEYS, credential.orgId, DEVELOPER_KEY_GUARD, { forUpdate: true });
  const previous = (await tx.all<Credential>(CREDENTIALS, GLOBAL)).filter((c) => !c.revokedAt && c.orgId === credential.orgId && isOrgDeveloperKey(c));
  const next: DeveloperKeyGuard = { id: DEVELOPER_KEY_GUARD, keyId: credential.keyId };
  return [
    ...previous.map((c) => put(CREDENTIALS, GLOBAL, { ...c, revokedAt: now })),
    guard ? put(ACTIVE_DEVELOPER_KEYS, credential.orgId, next) : create(ACTIVE_DEVELOPER_KEYS, credential.orgId, next),
  ];
}

/**
 * Issues a credential. An organisation has one developer key (the spec): issuing another revokes
 * the previous one in the same transaction, so there is never a moment with two or none, whichever
 * servers issue at once. A certification run's keys (`runId`) stand beside the organisation's and
 * end with the run.
 */
export async function issueCredential(
  ctx: AppContext,
  input: { kind: CredentialKind; orgId: string; label?: string; userId?: string; allowedOperations?: string[]; runId?: string },
): Promise<IssuedCredential> {
  if (!(await getOrganization(ctx, input.orgId))) throw new Error(`unknown organisation ${input.orgId}`);
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
  if (!isOrgDeveloperKey(credential)) {
    await ctx.db.write([put(CREDENTIALS, GLOBAL, credential)]);
    return { secret, credential: toPublic(credential) };
  }
  const issue = () =>
    ctx.db.transaction(async (tx) => {
      await tx.write([...(await replaceDeveloperKey(tx, credential, now)), put(CREDENTIALS, GLOBAL, credential)]);
    });
  try {
    await issue();
  } catch (error) {
    // Another server made the organisation's first guard meanwhile: the guard exists now, so
    // running again takes the locking path and revokes what the other issued.
    if (!(error instanceof StoreConflictError)) throw error;
    await issue();
  }
  return { secret, credential: toPublic(credential) };
}

export async function listCredentials(ctx: Pick<AppContext, 'db'>, orgId?: string): Promise<PublicCredential[]> {
  return (await ctx.db.all<Credential>(CREDENTIALS, GLOBAL)).filter((c) => orgId === undefined || c.orgId === orgId).map(toPublic);
}

/** Revokes a key; the organisation's developer key takes its guard with it, so the next one issued starts afresh. */
export async function revokeCredential(ctx: AppContext, keyId: string): Promise<PublicCredential> {
  const found = (await ctx.db.all<Credential>(CREDENTIALS, GLOBAL)).find((c) => c.keyId === keyId);
  if (!found) throw new Error(`unknown key ${keyId}`);
  return ctx.db.transaction(async (tx) => {
    const current = (await tx.get<Credential>(CREDENTIALS, GLOBAL, found.id, { forUpdate: true })) ?? found;
    if (current.revokedAt) return toPublic(current);
    const revoked = { ...current, revokedAt: new Date(ctx.clock.now()).toISOString() };
    const ops: AsyncWriteOp[] = [put(CREDENTIALS, GLOBAL, revoked)];
    if (isOrgDeveloperKey(current)) {
      const guard = await tx.get<DeveloperKeyGuard>(ACTIVE_DEVELOPER_KEYS, current.orgId, DEVELOPER_KEY_GUARD, { forUpdate: true });
      if (guard?.keyId === current.keyId) ops.push(del(ACTIVE_DEVELOPER_KEYS, current.orgId, DEVELOPER_KEY_GUARD));
    }
    await tx.write(ops);
    return toPublic(revoked);
  });
}

/**
 * Finds the credential a presented secret belongs to. It keeps the keyed hashes of the secrets of
 * live credentials presented lately: the same key arrives on every request of a client, and its
 * HMAC was a few percent of a small request's CPU. Only the hash is remembered (a pure function
 * of the secret and the master key, which no server can revoke), and only for a secret that
 * matched a credential, so unknown keys never enter; the credential itself is read from the store
 * and checked (revoked? organisation gone?) on every request, so a key revoked on one server is
 * refused on every other at once (docs/decisions/credential-checks-across-servers.md). At most
 * `HASHES_KEPT` secrets, the least recently used dropped first. One per server, made by the
 * composition root and handed to the guards.
 */
const HASHES_KEPT = 1024;

const isLive = (found: Credential | undefined, hash: string, kind: CredentialKind): found is Credential =>
  found !== undefined && safeEqual(found.id, hash) && found.kind === kind && !found.revokedAt;

export class CredentialResolver {
  readonly #hashes = new Map<string, string>();

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'keyring'>) {}

  /**
   * The live credential of `kind` whose secret this is, or undefined. A secret of another kind is
   * refused by its prefix before any lookup; the stored hash is compared in constant time. One
   * read, no transaction: answered at once where the store holds its records in this process (the
   * file store), which is still the state of the moment, so a revocation counts at once. Its
   * organisation is checked apart (`organizationLive`), so a guard asks that together with the
   * other reads that need the credential.
   */
  resolve(kind: CredentialKind, secret: string): MaybePromise<Credential | undefined> {
    if (secretKindOf(secret) !== kind) return undefined;
    const hash = this.#hashes.get(secret) ?? this.ctx.keyring.hash(secret);
    const committed = this.ctx.db.committed;
    if (!committed) return this.ctx.db.get<Credential>(CREDENTIALS, GLOBAL, hash).then((found) => this.#live(found, hash, secret, kind));
    return this.#live(committed.get<Credential>(CREDENTIALS, GLOBAL, hash), hash, secret, kind);
  }

  /** Whether the credential's organisation still exists: a key of an organisation gone is refused. At once on the file store. */
  organizationLive(credential: Credential): MaybePromise<boolean> {
    const committed = this.ctx.db.committed;
    if (committed) return committed.get<Organization>(ORGANIZATIONS, GLOBAL, credential.orgId) !== undefined;
    return getOrganization(this.ctx, credential.orgId).then((organization) => organization !== undefined);
  }

  #live(found: Credential | undefined, hash: string, secret: string, kind: CredentialKind): Credential | undefined {
    if (!isLive(found, hash, kind)) return undefined;
    this.#remember(secret, hash);
    return found;
  }

  #remember(secret: string, hash: string): void {
    this.#hashes.delete(secret);
    if (this.#hashes.size >= HASHES_KEPT) this.#hashes.delete(this.#hashes.keys().next().value as string);
    this.#hashes.set(secret, hash);
  }
}
