import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../testing/cli.js';
import { ManualClock } from '../clock.js';
import { verifyCommand } from '../certify-verify.js';
import { operate } from '../cli.js';
import { runCommand } from '../operator/index.js';
import { finishCertification, passedCertification, startCertification, startTestServer, type Report, type TestServer } from 'reference-server/testing';

/**
 * Certificates as a platform reviewer meets them, given only a certificate URL: a run that passed
 * every MUST is signed and published; the JWS verifies against the published key set with jose and
 * with `certify verify` (online, and offline with saved files); an edited copy, another issuer's,
 * an expired and a revoked one are refused, each with its reason; key rotation keeps old
 * certificates verifying until their key is withdrawn; the public page holds nothing of the run
 * but what the certificate states.
 */
const ISSUER = 'Evaluate sandbox';
const URL_TOKEN = 'tok_hook_9f8e7d6c5b4a';
const REDIRECT_SECRET = 'redirect-secret-1a2b3c';

/** The `reference-server` command line, as a reviewer runs it. */
const cli = (args: string[]) => runCli(args);

/** `certify verify` in this process (the same function the command runs): its exit code and output. */
async function verify(source: string, options: { keys?: string; revoked?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (text: string) => void) => new Writable({ write: (chunk: Buffer, _encoding, done) => (add(chunk.toString()), done()) });
  const code = await verifyCommand(source, options, { stdout: sink((t) => (stdout += t)), stderr: sink((t) => (stderr += t)) });
  return { code, stdout, stderr };
}

interface PassedRun {
  report: Report;
  automationKey: string;
  developerKey: string;
}

/** A passed run whose integration names a receiver and a redirect URI carrying secrets (neither is checked). */
async function passedRun(server: TestServer, name: string, finish?: (server: TestServer, runId: string) => Promise<Report>): Promise<PassedRun> {
  const input = { name, webhookUrl: `http://127.0.0.1:9/hook?token=${URL_TOKEN}`, redirectUris: [`https://app.example/callback?secret=${REDIRECT_SECRET}`] };
  const { report, start } = await passedCertification(server, input, finish);
  return { report, automationKey: start.credentials.automation_key as string, developerKey: start.credentials.developer_key as string };
}

const text = async (url: string) => (await fetch(url)).text();

/** The JWS with one check's outcome changed in its payload, the signature left as it was. */
function withEditedOutcome(jws: string, check: string, outcome: string): string {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { checks: Array<{ id: string; outcome: string }> };
  for (const c of claims.checks) if (c.id === check) c.outcome = outcome;
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('integration certificates', { timeout: 120_000 }, () => {
  let sandbox: TestServer;
  let local: TestServer;
  /** The local server's clock: two years back, so its certificates have expired by the real date. */
  const localClock = new ManualClock(Date.UTC(2024, 0, 10, 9));
  let passed: PassedRun;

  beforeAll(async () => {
    [sandbox, local] = await Promise.all([startTestServer({ certificateIssuer: ISSUER }), startTestServer({}, { clock: localClock })]);
    passed = await passedRun(sandbox, 'Acme CRM sync (n8n)');
  });
  afterAll(async () => {
    await Promise.all([sandbox?.dispose(), local?.dispose()]);
  });

  it('signs a passed run: the report names the certificate, and its JWS verifies against the published keys with jose', async () => {
    const { report } = passed;
    expect(report.run.status).toBe('passed');
    const certificate = report.certificate as NonNullable<Report['certificate']>;
    expect(certificate.id).toMatch(/^cer_/);
    expect(certificate).toEqual({ id: certificate.id, url: `${sandbox.url}/certificates/${certificate.id}`, jws_url: `${sandbox.url}/certificates/${certificate.id}.jws` });

    const jws = await text(certificate.jws_url);
    const { payload, protectedHeader } = await jwtVerify(jws, createRemoteJWKSet(new URL(`${sandbox.url}/.well-known/certificate-keys.json`)), { issuer: ISSUER, algorithms: ['EdDSA'] });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'certificate+jwt' });
    expect(payload).toMatchObject({
      iss: ISSUER,
      jti: certificate.id,
      run_id: report.run.id,
      organisation: 'Northwind Ventures',
      name: 'Acme CRM sync (n8n)',
      checks: [
        { id: 'api.idempotent-create', level: 'MUST', outcome: 'pass' },
        { id: 'api.paginates', level: 'SHOULD', outcome: 'not_run' },
      ],
      spec_version: '1.0',
    });
    expect(payload['server_version']).toMatch(/^\d+\.\d+\.\d+/);
    expect((payload.exp as number) - (payload.iat as number)).toBe(365 * 24 * 3600);
    const keys = (await (await fetch(`${sandbox.url}/.well-known/certificate-keys.json`)).json()) as { issuer: string; keys: Array<Record<string, unknown>> };
    expect(keys.issuer).toBe(ISSUER);
    expect(keys.keys.every((k) => k['d'] === undefined)).toBe(true);
  });

  it('verifies in one command from the certificate URL, and offline from saved files; an edited outcome is refused', async () => {
    const certificate = passed.report.certificate as NonNullable<Report['certificate']>;
    const online = await cli(['certify', 'verify', certificate.url]);
    expect(online.stderr).toBe('');
    expect(online.code).toBe(0);
    const day = new Date().toISOString().slice(0, 10);
    expect(online.stdout.trim()).toMatch(new RegExp(`^valid: Acme CRM sync \\(n8n\\), 1 checks passed, issued by ${ISSUER} on ${day}, expires \\d{4}-\\d{2}-\\d{2}$`));

    const dir = local.dataDir;
    const jws = await text(certificate.jws_url);
    await writeFile(join(dir, 'keys.json'), await text(`${sandbox.url}/.well-known/certificate-keys.json`));
    await writeFile(join(dir, 'revoked.json'), await text(`${sandbox.url}/certificates/revoked.json`));
    await writeFile(join(dir, 'cert.jws'), jws);
    await writeFile(join(dir, 'edited.jws'), withEditedOutcome(jws, 'api.paginates', 'pass'));
    const offline = await verify(join(dir, 'cert.jws'), { keys: join(dir, 'keys.json'), revoked: join(dir, 'revoked.json') });
    expect(offline).toMatchObject({ code: 0, stderr: '' });
    expect(offline.stdout).toMatch(/^valid: Acme CRM sync/);

    const edited = await cli(['certify', 'verify', join(dir, 'edited.jws'), '--keys', join(dir, 'keys.json')]);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toBe('');
    expect(edited.stderr).toMatch(/^refused: bad signature/);
    await expect(jwtVerify(withEditedOutcome(jws, 'api.paginates', 'pass'), createRemoteJWKSet(new URL(`${sandbox.url}/.well-known/certificate-keys.json`)))).rejects.toThrow(/signature verification failed/);

    expect(await verify(join(dir, 'cert.jws'))).toMatchObject({ code: 2, stderr: expect.stringMatching(/needs its issuer’s key set: give --keys/) });
    await writeFile(join(dir, 'garbage.jws'), 'not.a.certificate');
    expect(await verify(join(dir, 'garbage.jws'), { keys: join(dir, 'keys.json') })).toMatchObject({ code: 1, stderr: expect.stringMatching(/^refused: not a compact JWS/) });
  });

  it('gives a failed run no certificate', async () => {
    const started = await startCertification(sandbox, { name: 'Careless client', checks: ['api.idempotent-create'] });
    const report = await finishCertification(sandbox, started.run.id);
    expect(report.run.status).toBe('failed');
    expect(report.certificate).toBeNull();
  });

  it('marks a local server’s certificates, refuses them against a sandbox’s key set, and refuses an expired one', async () => {
    // Ended by the server itself, on its clock (on a database a command runs on the wall clock).
    const { report } = await passedRun(local, 'Local build', (server, runId) => runCommand(server.ctx, 'certify.finish', { runId }) as Promise<Report>);
    const certificate = report.certificate as NonNullable<Report['certificate']>;
    const page = await text(certificate.url);
    expect(page).toContain('local (a server run on someone’s own machine');
    expect(await text(`${certificate.url}.svg`)).toContain('certified (local)');

    const against = await verify(certificate.url, { keys: `${sandbox.url}/.well-known/certificate-keys.json` });
    expect(against.code).toBe(1);
    expect(against.stderr).toBe(`refused: issued by local, not by ${ISSUER} (whose key set this is)\n`);

    // Issued on 2024-01-10 by the server's clock: a year later it has expired, whatever that server's clock says.
    const expired = await verify(certificate.url);
    expect(expired.code).toBe(1);
    expect(expired.stderr).toBe('refused: expired on 2025-01-09T09:00:00.000Z\n');
    localClock.advance(366 * 24 * 3600 * 1000);
    expect(await text(certificate.url)).toContain('Expired');
    expect(await text(`${certificate.url}.svg`)).toContain('>expired<');
  });

  it('keeps a certificate signed before a key rotation verifying; one whose key was withdrawn does not', async () => {
    const before = passed.report.certificate as NonNullable<Report['certificate']>;
    const rotated = (await operate(sandbox.sandbox, 'certify.rotate-key', {})) as Array<{ kid: string; state: string; published: boolean }>;
    expect(rotated.map((k) => [k.state, k.published])).toEqual([
      ['retired', true],
      ['signing', true],
    ]);
    const after = (await passedRun(sandbox, 'Acme CRM sync v2')).report.certificate as NonNullable<Report['certificate']>;
    const oldKid = decodeProtectedHeader(await text(before.jws_url)).kid;
    const newKid = decodeProtectedHeader(await text(after.jws_url)).kid;
    expect(newKid).toBe(rotated[1]?.kid);
    expect(oldKid).toBe(rotated[0]?.kid);

    const keys = createRemoteJWKSet(new URL(`${sandbox.url}/.well-known/certificate-keys.json`));
    await jwtVerify(await text(before.jws_url), keys);
    expect((await verify(before.url)).code).toBe(0);
    expect((await verify(after.url)).code).toBe(0);

    await operate(sandbox.sandbox, 'certify.withdraw-key', { kid: oldKid ?? '' });
    const withdrawn = await verify(before.url);
    expect(withdrawn.code).toBe(1);
    expect(withdrawn.stderr).toMatch(new RegExp(`^refused: signed with key ${oldKid}, which ${ISSUER}'s key set does not hold`));
    expect((await verify(after.url)).code).toBe(0);
    await expect(operate(sandbox.sandbox, 'certify.withdraw-key', { kid: newKid ?? '' })).rejects.toThrow(/the key that signs now: rotate first/);
  });

  it('shows a revocation on the page, the badge, the revocation list and in verification, with the reason', async () => {
    const { report } = await passedRun(sandbox, 'Acme to revoke');
    const certificate = report.certificate as NonNullable<Report['certificate']>;
    expect(await text(`${certificate.url}.svg`)).toMatch(/valid to \d{4}-\d{2}-\d{2}/);
    await operate(sandbox.sandbox, 'certify.revoke', { certificateId: certificate.id, reason: 'the receiver no longer checks signatures' });

    const page = await text(certificate.url);
    expect(page).toContain('Revoked');
    expect(page).toContain('the receiver no longer checks signatures');
    expect(await text(`${certificate.url}.svg`)).toContain('>revoked<');
    const list = (await (await fetch(`${sandbox.url}/certificates/revoked.json`)).json()) as { issuer: string; revoked: Array<{ id: string; reason: string }> };
    expect(list.issuer).toBe(ISSUER);
    expect(list.revoked).toEqual([expect.objectContaining({ id: certificate.id, reason: 'the receiver no longer checks signatures' })]);

    const revoked = await cli(['certify', 'verify', certificate.url]);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toMatch(/^refused: revoked on \S+: the receiver no longer checks signatures\n$/);
    await expect(operate(sandbox.sandbox, 'certify.revoke', { certificateId: 'cer_nosuch', reason: 'x' })).rejects.toThrow(/no certificate cer_nosuch/);
  });

  it('publishes on its page nothing but what the certificate states: no credential, email, URL secret or run detail', async () => {
    const certificate = passed.report.certificate as NonNullable<Report['certificate']>;
    const documents = [await text(certificate.url), await text(`${certificate.url}.svg`), Buffer.from((await text(certificate.jws_url)).split('.')[1] as string, 'base64url').toString()];
    const users = (await operate(sandbox.sandbox, 'user.list', { orgId: sandbox.demo.organizationId })) as Array<{ email: string }>;
    const forbidden = [passed.automationKey, passed.developerKey, URL_TOKEN, REDIRECT_SECRET, '127.0.0.1:9/hook', 'app.example', sandbox.demo.organizationId, ...users.map((u) => u.email)];
    expect(users.length).toBeGreaterThan(0);
    for (const document of documents) for (const secret of forbidden) expect(document).not.toContain(secret);
    const page = documents[0] as string;
    expect(page).toContain('Acme CRM sync (n8n)');
    expect(page).toContain('Northwind Ventures');
    expect(page).toContain(ISSUER);
    expect(page).toContain('api.idempotent-create');

    const missing = await fetch(`${sandbox.url}/certificates/cer_nosuch`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${sandbox.url}/certificates/cer_nosuch.svg`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/certificates/${encodeURIComponent('<script>')}.jws`)).status).toBe(404);
  });
});
