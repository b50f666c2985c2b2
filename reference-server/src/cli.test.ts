import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliResult, spawnCli } from '../testing/cli.js';

/** The CLI as a user runs it; REFERENCE_SERVER_DATA emptied so a developer's own folder is never used. */
const cli = (args: string[]) => spawnCli(args, { REFERENCE_SERVER_DATA: '' });
const run = (args: string[]) => cliResult(cli(args));

async function json<T>(args: string[]): Promise<T> {
  const result = await run(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** `start` as a user runs it, once its banner is out: the URL and demo credentials it printed. */
async function start(args: string[]) {
  const server = cli(['start', '--port', '0', ...args]);
  let banner = '';
  server.stdout.on('data', (chunk: Buffer) => (banner += chunk.toString()));
  while (!/These secrets are shown once/.test(banner)) await once(server.stdout, 'data');
  return {
    server,
    url: /reference server on (http:\/\/\S+)/.exec(banner)?.[1] as string,
    workspace: /Workspace\s+(\S+)/.exec(banner)?.[1],
    automationKey: /Automation key\s+(\S+)/.exec(banner)?.[1] as string,
    organizationId: /Demo organisation .*\((org_[^)]+)\)/.exec(banner)?.[1] as string,
  };
}

/** `start`, until its stderr has said every one of `expected` (each warning is printed after the banner). */
async function startWarned(args: string[], expected: RegExp[]) {
  const child = cli(['start', '--port', '0', ...args]);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  while (!expected.every((e) => e.test(stderr))) await once(child.stderr, 'data');
  child.kill('SIGTERM');
  await once(child, 'close');
  return stderr;
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cli-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('reference-server CLI', () => {
  it('has --help on every command', async () => {
    for (const command of [[], ['start'], ['seed'], ['org', 'create'], ['user', 'create'], ['key', 'create'], ['key', 'revoke'], ['partner', 'create'], ['client', 'create'], ['client', 'list']]) {
      const result = await run([...command, '--help']);
      expect(result.code, command.join(' ')).toBe(0);
      expect(result.stdout).toMatch(/Usage: reference-server/);
    }
  }, 60_000);

  it('seeds the demo organisation and prints its credentials as one JSON object', async () => {
    const demo = await json<Record<string, unknown>>(['seed', '--demo', '--data', dataDir, '--json']);
    expect(demo).toEqual({
      organizationId: expect.stringMatching(/^org_/),
      organizationName: 'Northwind Ventures',
      user: { email: 'demo@northwind.example', password: expect.any(String) },
      developerKey: expect.stringMatching(/^pis_dev_/),
      automationKey: expect.stringMatching(/^pis_auto_/),
      partnerCredential: expect.stringMatching(/^pis_partner_/),
      oauthClient: {
        clientId: expect.stringMatching(/^client_/),
        clientSecret: expect.stringMatching(/^pis_cs_/),
        redirectUri: expect.stringMatching(/^http/),
        redirectUris: expect.any(Array),
      },
    });
    const again = await run(['seed', '--demo', '--data', dataDir, '--json']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already has the demo organisation/);
  });

  it('runs every operator command on a folder, and lists without secrets', async () => {
    const org = await json<{ id: string; name: string }>(['org', 'create', '--name', 'Acme Capital', '--data', dataDir]);
    expect(org.name).toBe('Acme Capital');
    const user = await json<{ user: { email: string }; password: string }>([
      'user', 'create', '--org', org.id, '--email', 'Ann@Acme.example', '--name', 'Ann', '--role', 'admin', '--data', dataDir,
    ]);
    expect(user.user.email).toBe('ann@acme.example');
    expect(user.password.length).toBeGreaterThanOrEqual(16);
    const developer = await json<{ secret: string; credential: { keyId: string } }>([
      'key', 'create', '--org', org.id, '--kind', 'developer', '--data', dataDir,
    ]);
    const automation = await json<{ secret: string; credential: { userId: string } }>([
      'key', 'create', '--org', org.id, '--kind', 'automation', '--user', 'ann@acme.example', '--data', dataDir,
    ]);
    const partner = await json<{ secret: string; credential: { allowedOperations: string[] } }>([
      'partner', 'create', '--org', org.id, '--operations', 'getUserDataQuery', '--data', dataDir,
    ]);
    expect(partner.credential.allowedOperations).toEqual(['getUserDataQuery']);
    const client = await json<{ clientId: string; clientSecret: string; client: { redirectUris: string[]; scopes: string[] } }>([
      'client', 'create', '--name', 'Acme App', '--redirect-uri', 'https://acme.example/cb', '--redirect-uri', 'http://127.0.0.1:9/cb', '--scopes', 'basic,profile', '--data', dataDir,
    ]);
    expect(client.client.redirectUris).toEqual(['https://acme.example/cb', 'http://127.0.0.1:9/cb']);
    expect(client.client.scopes).toEqual(['basic', 'profile']);

    const listings = [
      await run(['org', 'list', '--data', dataDir]),
      await run(['user', 'list', '--data', dataDir]),
      await run(['key', 'list', '--org', org.id, '--data', dataDir]),
      await run(['client', 'list', '--data', dataDir]),
    ];
    const secrets = [developer.secret, automation.secret, partner.secret, client.clientSecret, user.password];
    for (const listing of listings) {
      expect(listing.code).toBe(0);
      for (const secret of secrets) expect(listing.stdout).not.toContain(secret);
    }
    expect(listings[2]?.stdout).toContain(developer.credential.keyId);
    expect(listings[1]?.stdout).not.toContain('passwordHash');

    const revoked = await json<{ revokedAt: string }>(['key', 'revoke', developer.credential.keyId, '--data', dataDir]);
    expect(revoked.revokedAt).toEqual(expect.any(String));
  }, 60_000);

  it('creates a profile from a JSON file with the scoring schema, and lists it', async () => {
    const org = await json<{ id: string }>(['org', 'create', '--name', 'Profile Capital', '--data', dataDir]);
    const file = join(dataDir, 'profile.json');
    const profile = {
      name: 'Seed founders',
      description: 'Early teams',
      kind: 'founder',
      required_fields: ['email'],
      criteria: [{ key: 'team', label: 'Team', description: 'Has a CTO.', weight: 1, rule: { type: 'field_present', field: 'cto' } }],
    };
    await writeFile(file, JSON.stringify(profile));
    const created = await json<{ id: string; name: string; assessment_required: boolean }>(['profile', 'create', '--org', org.id, '--file', file, '--data', dataDir]);
    expect(created).toMatchObject({ name: 'Seed founders', assessment_required: false });
    expect(created.id).toMatch(/^prf_/);
    const listed = await json<{ id: string }[]>(['profile', 'list', '--org', org.id, '--data', dataDir]);
    expect(listed.map((p) => p.id)).toEqual([created.id]);

    await writeFile(file, JSON.stringify({ ...profile, criteria: [{ ...profile.criteria[0], weight: -1 }] }));
    const refused = await run(['profile', 'create', '--org', org.id, '--file', file, '--data', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/invalid profile: criteria\.0\.weight/);
    const notJson = await run(['profile', 'create', '--org', org.id, '--file', join(dataDir, 'missing.json'), '--data', dataDir]);
    expect(notJson.code).not.toBe(0);
    expect(notJson.stderr).toMatch(/cannot read .*missing\.json: ENOENT/);
    expect(await json<unknown[]>(['profile', 'list', '--org', org.id, '--data', dataDir])).toHaveLength(1);
  }, 120_000);

  it('explains bad input instead of failing obscurely', async () => {
    const noOrg = await run(['key', 'create', '--org', 'org_missing', '--kind', 'developer', '--data', dataDir]);
    expect(noOrg.code).toBe(1);
    expect(noOrg.stderr).toMatch(/unknown organisation org_missing/);
    const badUri = await run(['client', 'create', '--name', 'X', '--redirect-uri', 'http://evil.example/cb', '--data', dataDir]);
    expect(badUri.stderr).toMatch(/must use https/);
    const badKind = await run(['key', 'create', '--org', 'o', '--kind', 'admin', '--data', dataDir]);
    expect(badKind.code).not.toBe(0);
    expect(badKind.stderr).toMatch(/Allowed choices are developer, automation/);
  }, 30_000);

  it('starts, serves, goes through the running server for operator commands, and stops on SIGTERM keeping every acknowledged write', async () => {
    const { server, url, workspace, automationKey, organizationId } = await start(['--data', dataDir]);
    expect((await fetch(`${url}/api/automation/me`, { headers: { 'x-api-key': automationKey } })).status).toBe(200);
    // The banner names the workspace's address, and it leads to the sign-in page (issue 38 item 9).
    expect(workspace).toBe(`${url}/workspace`);
    const opened = await fetch(workspace as string, { redirect: 'manual' });
    expect(new URL(opened.headers.get('location') ?? '', url).pathname).toBe('/api/oauth/sign-in');

    // The folder is locked by the server: the CLI forwards to its operator endpoint.
    const created = await run(['org', 'create', '--name', 'Via Server', '--data', dataDir]);
    expect(created.code).toBe(0);
    const viaServer = JSON.parse(created.stdout) as { id: string };
    expect(viaServer.id).toMatch(/^org_/);
    // A second organisation on a server whose outbound reaches loopback (the default here): said, not silent.
    expect(created.stderr).toMatch(/^warning: 2 organisations share this server, .*loopback/);

    // Writes racing the shutdown: whatever was acknowledged must be there after a restart.
    const { operate } = await import('./cli.js');
    const acknowledged: string[] = [];
    const writes = Array.from({ length: 30 }, (_, i) =>
      operate(dataDir, 'org.create', { name: `Race ${i}` }).then(
        () => acknowledged.push(`Race ${i}`),
        () => undefined,
      ),
    );
    await Promise.race(writes);
    server.kill('SIGTERM');
    const [code] = (await once(server, 'close')) as [number | null];
    await Promise.all(writes);
    expect(code).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(0);

    const orgs = await json<{ id: string; name: string }[]>(['org', 'list', '--data', dataDir]);
    const names = orgs.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Northwind Ventures', 'Via Server', ...acknowledged]));
    expect(orgs.some((o) => o.id === organizationId)).toBe(true);
  }, 60_000);

  it('lets webhooks reach 127.0.0.1 by default on loopback, so a local n8n works, and nothing private with --allow-outbound none or on 0.0.0.0', async () => {
    const subscribe = (url: string, automationKey: string) =>
      fetch(`${url}/api/automation/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': automationKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:5678/webhook/evaluation', events: ['submission.completed'] }),
      });
    const demo = await start(['--data', dataDir]);
    expect((await subscribe(demo.url, demo.automationKey)).status).toBe(201);
    demo.server.kill('SIGTERM');
    await once(demo.server, 'close');

    const strictDir = await mkdtemp(join(tmpdir(), 'cli-strict-'));
    const strict = await start(['--data', strictDir, '--allow-outbound', 'none']);
    try {
      const refused = await subscribe(strict.url, strict.automationKey);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toMatch(/127\.0\.0\.1|private|loopback/i);
    } finally {
      strict.server.kill('SIGTERM');
      await once(strict.server, 'close');
      await rm(strictDir, { recursive: true, force: true });
    }

    // Listening beyond loopback, the same default allows nothing private (issue 31).
    const sharedDir = await mkdtemp(join(tmpdir(), 'cli-shared-'));
    const shared = await start(['--data', sharedDir, '--host', '0.0.0.0', '--insecure-http']);
    try {
      const refused = await subscribe(shared.url, shared.automationKey);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toMatch(/loopback/);
    } finally {
      shared.server.kill('SIGTERM');
      await once(shared.server, 'close');
      await rm(sharedDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('warns at start of --trust-proxy by hop count with clients reaching the server directly, and of --insecure-http without an https public URL', async () => {
    const stderr = await startWarned(['--data', dataDir, '--host', '0.0.0.0', '--insecure-http', '--trust-proxy', '1'], [/warning: --trust-proxy 1 .*X-Forwarded-For/, /warning: --insecure-http without an https --public-url/]);
    expect(stderr).toMatch(/picks its own address/);
    expect(stderr).toMatch(/cookies are set without Secure/);
  }, 60_000);

  it('warns at start when several organisations share a server whose outbound reaches loopback', async () => {
    await json(['seed', '--demo', '--data', dataDir, '--json']);
    await json(['org', 'create', '--name', 'Second Capital', '--data', dataDir]);
    const stderr = await startWarned(['--data', dataDir], [/warning: 2 organisations share this server/]);
    expect(stderr).toMatch(/allowlist \(127\.0\.0\.1\)/);
  }, 60_000);

  it('takes --trust-proxy as a hop count or proxy addresses, and refuses anything else', async () => {
    const bad = await run(['start', '--data', dataDir, '--trust-proxy', 'everyone']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--trust-proxy/);
    const zero = await run(['start', '--data', dataDir, '--trust-proxy', '0']);
    expect(zero.code).not.toBe(0);
    const help = await run(['start', '--help']);
    expect(help.stdout).toMatch(/--trust-proxy <hops\|addresses>/);
  }, 60_000);
});
