import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnPostgres, type ServersOnPostgres } from '../../testing/postgres-context.js';
import { ManualClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { GLOBAL } from '../store/index.js';
import { createOrganization, createUser, type OAuthClient, registerClient } from '../tenancy/index.js';
import { getClient } from '../tenancy/oauth-clients.js';
import { createAccessTokenVerifier } from './access-tokens.js';
import { exchangeCode, issueCode } from './codes.js';
import type { TokenResponse } from './issuance.js';
import { SigningKeys } from './keys.js';
import { OAUTH_GRANTS, OAUTH_REFRESH_TOKENS, OAUTH_SIGNING_KEYS, type GrantRecord, type RefreshTokenRecord } from './oauth-records.js';
import { refreshTokens } from './refresh.js';
import { revokeToken } from './token-revocation.js';
import { DEFAULT_REFRESH_GRACE_S } from './settings.js';

/**
 * Issue 37 item 1, against a real PostgreSQL: two servers (two stores, two connection pools, one
 * database and master key) take the same OAuth request at the same moment, and exactly one wins.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 20, 9));
const REDIRECT = 'http://127.0.0.1:8976/callback';
let pg: ServersOnPostgres;
let a: AppContext;
let b: AppContext;
let client: OAuthClient;
let userId: string;
let orgId: string;
const keys = new Map<AppContext, SigningKeys>();
const keysOf = (ctx: AppContext) => keys.get(ctx) as SigningKeys;

beforeAll(async () => {
  pg = await serversOnPostgres(2, { clock });
  [a, b] = pg.servers as [AppContext, AppContext];
  for (const ctx of pg.servers) keys.set(ctx, new SigningKeys(ctx));
  const org = await createOrganization(a, 'Races Ltd');
  orgId = org.id;
  userId = (await createUser(a, { orgId, email: 'races@example.com', name: 'Rae', password: 'correct horse battery' })).id;
  const registered = await registerClient(a, { name: 'Racer', redirectUris: [REDIRECT], allowedOperations: ['getUserDataQuery'] });
  client = (await getClient(a, registered.clientId)) as OAuthClient;
});
afterAll(() => pg?.close());

const newCode = () => issueCode(a, { clientId: client.id, userId, orgId, redirectUri: REDIRECT, scopes: ['basic'] });
const exchangeOn = (ctx: AppContext, code: string) => exchangeCode(ctx, keysOf(ctx), client, { code, redirectUri: REDIRECT, codeVerifier: undefined });
const refreshOn = (ctx: AppContext, refreshToken: string) => refreshTokens(ctx, keysOf(ctx), client, { refreshToken, scopes: undefined });

describe('two servers on one PostgreSQL', () => {
  it('make one OAuth signing key when they start together', async () => {
    const [first, second] = await Promise.all([keysOf(a).load(), keysOf(b).load()]);
    expect(first.kid).toBe(second.kid);
    expect(await a.db.count(OAUTH_SIGNING_KEYS, GLOBAL)).toBe(1);
  });

  it('exchange one authorization code once: the other exchange is refused', async () => {
    const code = await newCode();
    const outcomes = await Promise.allSettled([exchangeOn(a, code), exchangeOn(b, code)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ error: 'invalid_grant' });
  });

  it('rotate one refresh token once; the request that lost gets the same pair (grace window)', async () => {
    const tokens = await exchangeOn(a, await newCode());
    const [onA, onB] = await Promise.all([refreshOn(a, tokens.refresh_token), refreshOn(b, tokens.refresh_token)]);
    expect(onA.refresh_token).toBe(onB.refresh_token);
    expect(onA.access_token).toBe(onB.access_token);
    const original = (await a.db.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, a.keyring.hash(tokens.refresh_token))) as RefreshTokenRecord;
    const family = (await a.db.all<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL)).filter((t) => t.grantId === original.grantId);
    expect(family).toHaveLength(2);
  });

  it('revoke the family when a token rotated on one is replayed on the other after the grace window', async () => {
    const tokens = await exchangeOn(a, await newCode());
    const rotated: TokenResponse = await refreshOn(a, tokens.refresh_token);
    clock.advance((DEFAULT_REFRESH_GRACE_S + 1) * 1000);
    await expect(refreshOn(b, tokens.refresh_token)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(refreshOn(a, rotated.refresh_token)).rejects.toMatchObject({ error: 'invalid_grant' });
    const record = (await a.db.get<RefreshTokenRecord>(OAUTH_REFRESH_TOKENS, GLOBAL, a.keyring.hash(rotated.refresh_token))) as RefreshTokenRecord;
    expect((await a.db.get<GrantRecord>(OAUTH_GRANTS, GLOBAL, record.grantId))?.revokedReason).toBe('refresh token reused after rotation');
  });

  it('refuse an access token on one server as soon as the other revoked it', async () => {
    const tokens = await exchangeOn(a, await newCode());
    const verifyOnB = createAccessTokenVerifier(b, keysOf(b));
    // B has verified it once, so its signature check is remembered.
    expect(await verifyOnB(tokens.access_token)).toMatchObject({ orgId, userId });
    await revokeToken(a, keysOf(a), client, tokens.access_token);
    expect(await verifyOnB(tokens.access_token)).toBeUndefined();
  });
});
