import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizePath, Browser, formFields, startTestServer, type TestServer } from 'reference-server/testing';
import { ManualClock } from '../clock.js';
import { addressBucket } from './login-throttle.js';
import { PasswordCheckGate } from './password-gate.js';

/**
 * Issue 31, items 2 and 3: sign-in throttling that cannot be turned against a user. Failures
 * count per (email, client address) and per client address, with backoff; the client address is
 * the one behind the proxy named by --trust-proxy. Both login forms (the workspace's sign-in and
 * the OAuth authorize login) share it.
 */
const clock = new ManualClock(Date.UTC(2026, 6, 1));
let proxied: TestServer;
let direct: TestServer;
const OWNER = { email: 'owner@northwind.example', password: 'correct horse battery' };

/**
 * On a data folder whichever store the run is on: the waits are read on the test's clock, and the
 * database's counters (rate-limiter-flexible's PostgreSQL store) keep the wall clock. That the
 * throttle is one across servers on PostgreSQL is rate-limits/across-servers.test.ts's.
 */
const onFolder = async () => ({ dataDir: await mkdtemp(join(tmpdir(), 'reference-server-')) });

beforeAll(async () => {
  [proxied, direct] = await Promise.all([startTestServer({ trustProxy: 1, ...(await onFolder()) }, { clock }), startTestServer(await onFolder(), { clock })]);
  const { operate } = await import('../cli.js');
  for (const server of [proxied, direct]) {
    await operate(server.sandbox, 'user.create', { orgId: server.demo.organizationId, email: OWNER.email, name: 'Owner', password: OWNER.password });
  }
});
afterAll(() => Promise.all([proxied.dispose(), direct.dispose()]));

/** A browser whose requests come through the proxy from `address` (the proxy appends it to X-Forwarded-For). */
const browserFrom = (server: TestServer, address: string, forged?: string) =>
  new Browser(server.url, (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': forged ? `${forged}, ${address}` : address } }),
  );

const WORKSPACE_SIGN_IN = '/api/oauth/sign-in';

async function workspaceSignIn(browser: Browser, email: string, password: string): Promise<{ signedIn: boolean; message: string }> {
  const page = await browser.get(`${WORKSPACE_SIGN_IN}?return_to=/workspace`);
  const answer = await browser.post(WORKSPACE_SIGN_IN, { ...formFields(await page.text(), WORKSPACE_SIGN_IN), email, password });
  const location = answer.headers.get('location') ?? '';
  if (location.startsWith('/workspace')) return { signedIn: true, message: '' };
  return { signedIn: false, message: await (await browser.get(location)).text() };
}

async function authorizeSignIn(server: TestServer, browser: Browser, email: string, password: string): Promise<{ signedIn: boolean; message: string }> {
  const path = authorizePath(server);
  const page = await browser.get(path);
  const answer = await browser.post('/api/oauth/authorize/login', { ...formFields(await page.text(), '/api/oauth/authorize/login'), email, password });
  const next = await (await browser.get(answer.headers.get('location') as string)).text();
  return { signedIn: next.includes('/api/oauth/authorize/consent'), message: next };
}

describe('sign-in throttling behind --trust-proxy', () => {
  it('five wrong passwords from one address do not stop the owner signing in from another', async () => {
    const attacker = browserFrom(proxied, '203.0.113.66');
    for (let i = 0; i < 5; i += 1) expect((await workspaceSignIn(attacker, OWNER.email, `wrong ${i}`)).signedIn).toBe(false);
    const slowed = await workspaceSignIn(attacker, OWNER.email, OWNER.password);
    expect(slowed.signedIn).toBe(false);
    expect(slowed.message).toContain('Too many failed sign-ins from this network');

    expect((await workspaceSignIn(browserFrom(proxied, '198.51.100.7'), OWNER.email, OWNER.password)).signedIn).toBe(true);
    // The OAuth login form shares the throttle: the attacker's address is slowed there too, the owner is not.
    expect((await authorizeSignIn(proxied, attacker, OWNER.email, OWNER.password)).signedIn).toBe(false);
    expect((await authorizeSignIn(proxied, browserFrom(proxied, '198.51.100.7'), OWNER.email, OWNER.password)).signedIn).toBe(true);
  });

  it('backs off instead of locking: each wait doubles, and after it one more try is checked', async () => {
    const typo = browserFrom(proxied, '192.0.2.10');
    for (let i = 0; i < 5; i += 1) await authorizeSignIn(proxied, typo, OWNER.email, `wrong ${i}`);
    expect((await authorizeSignIn(proxied, typo, OWNER.email, OWNER.password)).message).toContain('30 seconds');
    clock.advance(30_001);
    expect((await authorizeSignIn(proxied, typo, OWNER.email, 'wrong again')).signedIn).toBe(false);
    // Six failures: the next wait is 60 s.
    expect((await authorizeSignIn(proxied, typo, OWNER.email, OWNER.password)).message).toContain('60 seconds');
    clock.advance(60_001);
    expect((await authorizeSignIn(proxied, typo, OWNER.email, OWNER.password)).signedIn).toBe(true);
  });

  it('slows an address that sprays one password over many emails', async () => {
    const sprayer = browserFrom(proxied, '203.0.113.99');
    for (let i = 0; i < 20; i += 1) await workspaceSignIn(sprayer, `person${i}@northwind.example`, 'Summer2026!');
    const next = await workspaceSignIn(sprayer, OWNER.email, OWNER.password);
    expect(next.signedIn).toBe(false);
    expect(next.message).toContain('Too many failed sign-ins');
    expect((await workspaceSignIn(browserFrom(proxied, '198.51.100.8'), OWNER.email, OWNER.password)).signedIn).toBe(true);
  });

  it('counts the address the trusted proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    // The client forges a fresh address each time; the proxy appends the real one, which is what counts.
    for (let i = 0; i < 5; i += 1) await workspaceSignIn(browserFrom(proxied, '203.0.113.120', `10.9.9.${i}`), OWNER.email, `wrong ${i}`);
    expect((await workspaceSignIn(browserFrom(proxied, '203.0.113.120', '10.9.9.200'), OWNER.email, OWNER.password)).signedIn).toBe(false);
  });
});

describe('sign-in throttling without --trust-proxy', () => {
  it('ignores X-Forwarded-For: a client cannot pick a fresh bucket per attempt', async () => {
    for (let i = 0; i < 5; i += 1) await workspaceSignIn(browserFrom(direct, `203.0.113.${i + 1}`), OWNER.email, `wrong ${i}`);
    expect((await workspaceSignIn(browserFrom(direct, '203.0.113.200'), OWNER.email, OWNER.password)).signedIn).toBe(false);
    clock.advance(30_001);
    expect((await workspaceSignIn(new Browser(direct.url), OWNER.email, OWNER.password)).signedIn).toBe(true);
  });
});

describe('parts', () => {
  it('buckets IPv6 clients by /64 and IPv4 by address', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe(addressBucket('2001:db8:1:2:bbbb::9'));
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
    expect(addressBucket('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('runs one password check at a time per address, and refuses a burst beyond the line', async () => {
    const gate = new PasswordCheckGate(1);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const check = () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve('done');
        });
      });
    const first = gate.run('a', check);
    const second = gate.run('a', check);
    const third = await gate.run('a', check);
    expect(third).toEqual({ busy: true });
    const other = gate.run('b', check);
    await Promise.resolve();
    expect(running).toBe(2); // 'a' and 'b' in parallel, the second 'a' waits
    while (releases.length) {
      (releases.shift() as () => void)();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all([first, second, other])).toEqual([
      { busy: false, value: 'done' },
      { busy: false, value: 'done' },
      { busy: false, value: 'done' },
    ]);
    expect(most).toBe(2);
  });
});
