import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { GLOBAL } from '../store/store.js';
import { Browser, consent, exchange, refresh, settle, startTestServer, type TestServer, type TokenBody } from 'reference-server/testing';
import { OAUTH_CODES, OAUTH_GRANTS, OAUTH_REFRESH_TOKENS } from './oauth-records.js';
import { SESSIONS } from '../auth/session-records.js';
import { SWEEP_EVERY_MS, sweepOAuth } from './sweeper.js';

const clock = new ManualClock(Date.UTC(2026, 8, 1));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(() => server.dispose());

const count = (collection: string) => server.ctx.db.count(collection, GLOBAL);

describe('the OAuth sweeper', () => {
  it('keeps live records and removes them once nothing can use them', async () => {
    const location = await consent(server, new Browser(server.url));
    const tokens = (await (await exchange(server, location.searchParams.get('code') as string)).json()) as TokenBody;
    expect((await refresh(server, tokens.refresh_token)).status).toBe(200);
    expect(await Promise.all([count(OAUTH_CODES), count(OAUTH_GRANTS), count(OAUTH_REFRESH_TOKENS), count(SESSIONS)])).toEqual([1, 1, 2, 1]);

    clock.advance(SWEEP_EVERY_MS);
    // The sweep the clock just started: its run is awaited, not polled.
    await settle(server);
    // The hourly worker ran: an hour on, the code and nothing else is past its time.
    expect(await count(OAUTH_CODES)).toBe(0);
    expect(await count(OAUTH_REFRESH_TOKENS)).toBe(2);
    expect(await count(OAUTH_GRANTS)).toBe(1);

    // A month on, the hourly sweep the clock starts removes the rest (a sweep called here as well
    // would race it for the same records).
    clock.advance(31 * 24 * 3600_000);
    await settle(server);
    expect(await Promise.all([count(OAUTH_GRANTS), count(OAUTH_REFRESH_TOKENS), count(SESSIONS)])).toEqual([0, 0, 0]);
    expect(await sweepOAuth(server.ctx)).toBe(0);
  });
});
