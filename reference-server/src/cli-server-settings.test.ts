import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { certificationReport, finishCertification, passedCertification, startTestServer, type Report, type TestServer } from 'reference-server/testing';
import { runCli } from '../testing/cli.js';
import { testDatabase, type TestDatabase } from '../testing/postgres.js';

/**
 * On a database an operator command runs in its own process, not in a server: the servers'
 * settings it acts on are given to it as to the servers (their environment variables). A run
 * finished by `certify finish` once carried a certificate issued as "local" (and so marked as a
 * local server's) on a sandbox named otherwise, with links on the default URL; `certify start`
 * ignored the servers' limits.
 */
const ISSUER = 'Evaluate sandbox';

let database: TestDatabase;
let server: TestServer;
let masterKey: string;

/** The command line as an operator of the cluster runs it: the servers' settings in its environment. */
const cli = (args: string[]) =>
  runCli(args, {
    DATABASE_URL: database.url,
    REFERENCE_SERVER_MASTER_KEY: masterKey,
    REFERENCE_SERVER_PUBLIC_URL: server.url,
    REFERENCE_SERVER_CERTIFICATE_ISSUER: ISSUER,
    REFERENCE_SERVER_MAX_CERTIFICATION_RUNS: '1',
  });

beforeAll(async () => {
  masterKey = process.env['REFERENCE_SERVER_MASTER_KEY'] || randomBytes(32).toString('base64');
  vi.stubEnv('REFERENCE_SERVER_MASTER_KEY', masterKey);
  database = await testDatabase();
  server = await startTestServer({ databaseUrl: database.url, certificateIssuer: ISSUER, maxCertificationRuns: 1 });
});

afterAll(async () => {
  await server?.dispose();
  await database?.drop();
  vi.unstubAllEnvs();
});

describe("operator commands on a database, given the servers' settings", { timeout: 60_000 }, () => {
  it('certify finish issues the certificate in the servers’ name', async () => {
    const finishedByCli = async (_server: TestServer, runId: string): Promise<Report> => {
      const finished = await cli(['certify', 'finish', runId]);
      expect(finished.stderr).toBe('');
      return certificationReport(server, runId);
    };
    const { report } = await passedCertification(server, { name: 'Finished from the command line' }, finishedByCli);
    const certificate = report.certificate as NonNullable<Report['certificate']>;
    const jws = await (await fetch(`${server.url}/certificates/${certificate.id}.jws`)).text();
    expect(decodeJwt(jws).iss).toBe(ISSUER);
    // Its links are on the servers' public URL too (the command's own default once).
    expect(certificate.url).toBe(`${server.url}/certificates/${certificate.id}`);
  });

  it('certify start keeps the servers’ limit of running runs per organisation', async () => {
    const start = () => cli(['certify', 'start', '--org', server.demo.organizationId, '--checks', 'api.paginates']);
    const first = await start();
    expect(first.code).toBe(0);
    const second = await start();
    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(/already has 1 running certification runs, the most allowed \(1\)/);
    const runId = /crt_[\w-]+/.exec(first.stdout)?.[0] as string;
    await finishCertification(server, runId);
  });
});
