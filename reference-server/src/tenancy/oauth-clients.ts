import type { AppContext } from '../context.js';
import { safeEqual, generateSecret } from '../crypto/index.js';
import { GLOBAL, put } from '../store/index.js';
import { OAUTH_CLIENTS, OAUTH_SCOPES, type OAuthClient, type OAuthScope } from './tenancy-records.js';

export type PublicOAuthClient = Omit<OAuthClient, 'secretHash'>;

const toPublic = ({ secretHash: _hidden, ...rest }: OAuthClient): PublicOAuthClient => rest;

/** Redirect URIs are matched as exact strings (the spec): so they must be absolute and fragment-free. */
export function checkRedirectUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`redirect URI ${JSON.stringify(uri)} is not an absolute URL`);
  }
  if (url.hash) throw new Error(`redirect URI ${uri} must not contain a fragment`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) {
    throw new Error(`redirect URI ${uri} must use https (http is allowed for loopback only)`);
  }
}

export async function registerClient(
  ctx: AppContext,
  input: { name: string; redirectUris: string[]; scopes?: string[]; allowedOperations: string[]; orgId?: string; runId?: string; accessTokenTtlSeconds?: number },
): Promise<{ clientId: string; clientSecret: string; client: PublicOAuthClient }> {
  if (input.redirectUris.length === 0) throw new Error('at least one redirect URI is required');
  input.redirectUris.forEach(checkRedirectUri);
  const scopes = (input.scopes?.length ? input.scopes : ['all', 'basic', 'profile']) as OAuthScope[];
  const unknown = scopes.filter((s) => !OAUTH_SCOPES.includes(s));
  if (unknown.length) throw new Error(`unknown scope(s) ${unknown.join(', ')}: choose among ${OAUTH_SCOPES.join(', ')}`);
  const clientSecret = generateSecret('client_secret');
  const client: OAuthClient = {
    id: ctx.ids.next('client'),
    name: input.name,
    secretHash: ctx.keyring.hash(clientSecret),
    redirectUris: input.redirectUris,
    scopes,
    allowedOperations: input.allowedOperations,
    ...(input.orgId ? { orgId: input.orgId } : {}),
    ...(input.runId ? { runId: input.runId } : {}),
    ...(input.accessTokenTtlSeconds ? { accessTokenTtlSeconds: input.accessTokenTtlSeconds } : {}),
    createdAt: new Date(ctx.clock.now()).toISOString(),
  };
  await ctx.db.write([put(OAUTH_CLIENTS, GLOBAL, client)]);
  return { clientId: client.id, clientSecret, client: toPublic(client) };
}

/** Ends a client: its tokens stop working (access tokens are checked against their client) and it cannot get new ones. */
export async function revokeClient(ctx: AppContext, clientId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const client = await tx.get<OAuthClient>(OAUTH_CLIENTS, GLOBAL, clientId, { forUpdate: true });
    if (!client || client.revokedAt) return;
    await tx.write([put(OAUTH_CLIENTS, GLOBAL, { ...client, revokedAt: new Date(ctx.clock.now()).toISOString() })]);
  });
}

export async function getClient(ctx: Pick<AppContext, 'db'>, clientId: string): Promise<OAuthClient | undefined> {
  const client = await ctx.db.get<OAuthClient>(OAUTH_CLIENTS, GLOBAL, clientId);
  return client && !client.revokedAt ? client : undefined;
}

/** Whether users of `orgId` may authorise the client: an organisation's own client serves its users only, the operator's serve everyone. */
export const clientServes = (client: Pick<OAuthClient, 'orgId'>, orgId: string): boolean => client.orgId === undefined || client.orgId === orgId;

export async function listClients(ctx: Pick<AppContext, 'db'>): Promise<PublicOAuthClient[]> {
  return (await ctx.db.all<OAuthClient>(OAUTH_CLIENTS, GLOBAL)).map(toPublic);
}

/** The client if the id and secret match, otherwise undefined (constant-time on the secret). */
export async function authenticateClient(
  ctx: Pick<AppContext, 'db' | 'keyring'>,
  clientId: string,
  clientSecret: string,
): Promise<OAuthClient | undefined> {
  const client = await getClient(ctx, clientId);
  const presented = ctx.keyring.hash(clientSecret);
  const ok = safeEqual(presented, client?.secretHash ?? presented.replace(/./g, '0'));
  return ok && client ? client : undefined;
}
