import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnPostgres, type ServersOnPostgres } from '../../testing/postgres-context.js';
import type { AppContext } from '../context.js';
import { createOrganization } from '../tenancy/index.js';
import { allSubscriptions, createSubscription } from './index.js';
import { MAX_SUBSCRIPTIONS_PER_SURFACE } from './subscriptions.js';

/**
 * Issue 37, against a real PostgreSQL: two servers (two stores, one database) create webhook
 * subscriptions in one organisation at the same moment, and the per-surface limit holds as on one
 * server.
 */
let pg: ServersOnPostgres;
let a: AppContext;
let b: AppContext;

/** The receivers here are on loopback: let the SSRF guard through to it, as the test servers do. */
const reaching = (ctx: AppContext): AppContext => ({ ...ctx, config: { ...ctx.config, outboundAllowlist: ['127.0.0.1'] } });

beforeAll(async () => {
  pg = await serversOnPostgres(2);
  [a, b] = pg.servers.map(reaching) as [AppContext, AppContext];
});
afterAll(() => pg?.close());

const subscribe = (ctx: AppContext, orgId: string, n: number) =>
  createSubscription(ctx, orgId, { url: `http://127.0.0.1:9/hook-${n}`, surface: 'automation' });

describe('two servers on one PostgreSQL', () => {
  it('let only one of several simultaneous creates take the last subscription place of an organisation', async () => {
    const org = await createOrganization(a, 'Hooks Ltd');
    for (let n = 1; n < MAX_SUBSCRIPTIONS_PER_SURFACE; n += 1) expect((await subscribe(n % 2 ? a : b, org.id, n)).ok).toBe(true);
    // Eight at once, four through each server, for the one place left.
    const racing = await Promise.all(Array.from({ length: 8 }, (_, n) => subscribe(n % 2 ? a : b, org.id, 100 + n)));
    expect(racing.filter((r) => r.ok)).toHaveLength(1);
    expect(racing.filter((r) => !r.ok).every((r) => !r.ok && r.field === 'subscriptions')).toBe(true);
    expect((await allSubscriptions(b, org.id)).filter((s) => s.surface === 'automation')).toHaveLength(MAX_SUBSCRIPTIONS_PER_SURFACE);
  });

  it("take every create when an organisation's first ones race for its lock, each surface counted on its own", async () => {
    const org = await createOrganization(a, 'Both Ltd');
    const first = await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => subscribe(n % 2 ? a : b, org.id, n)),
      createSubscription(b, org.id, { url: 'http://127.0.0.1:9/v1', surface: 'assessment' }),
    ]);
    expect(first.every((r) => r.ok)).toBe(true);
    const surfaces = (await allSubscriptions(a, org.id)).map((s) => s.surface);
    expect(surfaces.filter((s) => s === 'automation')).toHaveLength(6);
    expect(surfaces.filter((s) => s === 'assessment')).toHaveLength(1);
  });
});
