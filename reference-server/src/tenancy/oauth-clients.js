import { safeEqual } from '../crypto/keyring.js';
import { generateSecret } from '../crypto/secrets.js';
import { GLOBAL, put } from '../store/store.js';
import { OAUTH_CLIENTS, OAUTH_SCOPES } from './records.js';
const toPublic = ({ secretHash: _hidden, ...rest }) => rest;
/** Redirect URIs are matched as exact strings (the spec): so they must be absolute and fragment-free. */
export function checkRedirectUri(uri) {
    let url;
    try {
        url = new URL(uri);
    }
    catch {
        throw new Error(`redirect URI ${JSON.stringify(uri)} is not an absolute URL`);
    }
    if (url.hash)
        throw new Error(`redirect URI ${uri} must not contain a fragment`);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) {
        throw new Error(`redirect URI ${uri} must use https (http is allowed for loopback only)`);
    }
}
export async function registerClient(ctx, input) {
    if (input.redirectUris.length === 0)
        throw new Error('at least one redirect URI is required');
    input.redirectUris.forEach(checkRedirectUri);
    const scopes = (input.scopes?.length ? input.scopes : ['all', 'basic', 'profile']);
    const unknown = scopes.filter((s) => !OAUTH_SCOPES.includes(s));
    if (unknown.length)
        throw new Error(`unknown scope(s) ${unknown.join(', ')}: choose among ${OAUTH_SCOPES.join(', ')}`);
    const clientSecret = generateSecret('client_secret');
    const client = {
        id: ctx.ids.next('client'),
        name: input.name,
        secretHash: ctx.keyring.hash(clientSecret),
        redirectUris: input.redirectUris,
        scopes,
        allowedOperations: input.allowedOperations,
        ...(input.runId ? { runId: input.runId } : {}),
        ...(input.accessTokenTtlSeconds ? { accessTokenTtlSeconds: input.accessTokenTtlSeconds } : {}),
        createdAt: new Date(ctx.clock.now()).toISOString(),
    };
    await ctx.store.write([put(OAUTH_CLIENTS, GLOBAL, client)]);
    return { clientId: client.id, clientSecret, client: toPublic(client) };
}
/** Ends a client: its tokens stop working (access tokens are checked against their client) and it cannot get new ones. */
export async function revokeClient(ctx, clientId) {
    const client = ctx.store.get(OAUTH_CLIENTS, GLOBAL, clientId);
    if (!client || client.revokedAt)
        return;
    await ctx.store.write([put(OAUTH_CLIENTS, GLOBAL, { ...client, revokedAt: new Date(ctx.clock.now()).toISOString() })]);
}
export function getClient(ctx, clientId) {
    const client = ctx.store.get(OAUTH_CLIENTS, GLOBAL, clientId);
    return client && !client.revokedAt ? client : undefined;
}
export function listClients(ctx) {
    return ctx.store.all(OAUTH_CLIENTS, GLOBAL).map(toPublic);
}
/** The client if the id and secret match, otherwise undefined (constant-time on the secret). */
export function authenticateClient(ctx, clientId, clientSecret) {
    const client = getClient(ctx, clientId);
    const presented = ctx.keyring.hash(clientSecret);
    const ok = safeEqual(presented, client?.secretHash ?? presented.replace(/./g, '0'));
    return ok && client ? client : undefined;
}
//# sourceMappingURL=oauth-clients.js.map