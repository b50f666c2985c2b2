import { safeEqual } from '../crypto/keyring.js';
import { generateSecret, secretKindOf } from '../crypto/secrets.js';
import { GLOBAL, put } from '../store/store.js';
import { getOrganization } from './organizations.js';
import { CREDENTIALS } from './records.js';
const toPublic = ({ id: _hash, ...rest }) => rest;
function live(ctx, orgId) {
    return ctx.store
        .all(CREDENTIALS, GLOBAL)
        .filter((c) => !c.revokedAt && (orgId === undefined || c.orgId === orgId));
}
/**
 * Issues a credential. An organisation has one developer key (the spec): issuing another revokes
 * the previous one in the same write, so there is never a moment with two or none. A
 * certification run's keys (`runId`) stand beside the organisation's and end with the run.
 */
export async function issueCredential(ctx, input) {
    if (!getOrganization(ctx, input.orgId))
        throw new Error(`unknown organisation ${input.orgId}`);
    const secret = generateSecret(input.kind);
    const now = new Date(ctx.clock.now()).toISOString();
    const credential = {
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
    const ops = [put(CREDENTIALS, GLOBAL, credential)];
    if (input.kind === 'developer_key' && !input.runId) {
        for (const previous of live(ctx, input.orgId).filter((c) => c.kind === 'developer_key' && !c.runId)) {
            ops.push(put(CREDENTIALS, GLOBAL, { ...previous, revokedAt: now }));
        }
    }
    await ctx.store.write(ops);
    return { secret, credential: toPublic(credential) };
}
export function listCredentials(ctx, orgId) {
    return ctx.store
        .all(CREDENTIALS, GLOBAL)
        .filter((c) => orgId === undefined || c.orgId === orgId)
        .map(toPublic);
}
export async function revokeCredential(ctx, keyId) {
    const found = ctx.store.all(CREDENTIALS, GLOBAL).find((c) => c.keyId === keyId);
    if (!found)
        throw new Error(`unknown key ${keyId}`);
    if (found.revokedAt)
        return toPublic(found);
    const revoked = { ...found, revokedAt: new Date(ctx.clock.now()).toISOString() };
    await ctx.store.write([put(CREDENTIALS, GLOBAL, revoked)]);
    return toPublic(revoked);
}
/**
 * Keyed hashes of the secrets of live credentials presented lately, per keyring: the same key
 * arrives on every request of a client, and its HMAC was a few percent of a small request's CPU.
 * Only the hash is remembered (a pure function of the secret and the master key), and only for a
 * secret that matched a credential, so unknown keys never enter; the credential itself is looked
 * up and checked (revoked? organisation gone?) on every request as before. At most `HASHES_KEPT`
 * secrets, the least recently used dropped first.
 */
const HASHES_KEPT = 1024;
const hashCaches = new WeakMap();
function rememberHash(cache, secret, hash) {
    cache.delete(secret);
    if (cache.size >= HASHES_KEPT)
        cache.delete(cache.keys().next().value);
    cache.set(secret, hash);
}
/**
 * The live credential of `kind` whose secret this is, or undefined. A secret of another kind is
 * refused by its prefix before any lookup; the stored hash is compared in constant time.
 */
export function resolveCredential(ctx, kind, secret) {
    if (secretKindOf(secret) !== kind)
        return undefined;
    let cache = hashCaches.get(ctx.keyring);
    if (!cache)
        hashCaches.set(ctx.keyring, (cache = new Map()));
    const hash = cache.get(secret) ?? ctx.keyring.hash(secret);
    const found = ctx.store.get(CREDENTIALS, GLOBAL, hash);
    if (!found || !safeEqual(found.id, hash) || found.kind !== kind || found.revokedAt)
        return undefined;
    if (!getOrganization(ctx, found.orgId))
        return undefined;
    rememberHash(cache, secret, hash);
    return found;
}
//# sourceMappingURL=credentials.js.map