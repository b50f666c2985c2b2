import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { readLockHolder } from '../store/folder-lock.js';
import { settle, startTestServer, type TestServer } from 'reference-server/testing';

/**
 * Limits on certification runs (issue 36): at most five running runs per organisation by default,
 * the sixth refused with a 409 on the operator route naming the runs to finish, concurrent starts
 * never overshooting; and an idle running run that writes nothing to the store while the driver
 * looks at it every second (seen in the journal's size on /metrics, the clock moved by hand).
 */
interface Answer {
  status: number;
  body: { run?: { id: string }; error?: string; message?: string };
}

/** `POST /_operator/<command>` as the CLI sends it to the server holding the folder. */
async function operator(server: TestServer, name: string, args: unknown): Promise<Answer> {
  const holder = await readLockHolder(server.dataDir);
  const answer = await fetch(`${holder?.operatorUrl}/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${holder?.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: answer.status, body: (await answer.json()) as Answer['body'] };
}

describe('running runs per organisation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  const start = (name: string) => operator(server, 'certify.start', { orgId: server.demo.organizationId, name, checks: ['api.paginates'] });

  it('refuses the sixth with a 409 that names the five to finish; once one is finished a new one starts', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const started = await start(`integration ${i}`);
      expect(started.status).toBe(200);
      ids.push(started.body.run?.id as string);
    }
    const refused = await start('integration 6');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Conflict');
    expect(refused.body.message).toMatch(/already has 5 running certification runs, the most allowed \(5\): finish one first/);
    for (const id of ids) expect(refused.body.message).toContain(id);
    expect(refused.body.message).toContain('certify finish');

    expect((await operator(server, 'certify.finish', { runId: ids[0] })).status).toBe(200);
    const again = await start('integration 6');
    expect(again.status).toBe(200);
    expect(again.body.run?.id).toMatch(/^crt_/);
  });

  it('lets concurrent starts take the free places only', async () => {
    const running = (await operator(server, 'certify.list', { orgId: server.demo.organizationId })).body as unknown as { id: string; status: string }[];
    const first = running.find((run) => run.status === 'running') as { id: string };
    await operator(server, 'certify.finish', { runId: first.id });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => start(`burst ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const after = (await operator(server, 'certify.list', { orgId: server.demo.organizationId })).body as unknown as { status: string }[];
    expect(after.filter((run) => run.status === 'running')).toHaveLength(5);
  });

  it("counts per organisation: another organisation's runs take none of its places", async () => {
    const org = (await operator(server, 'org.create', { name: 'Other Capital' })).body as unknown as { id: string };
    await operator(server, 'user.create', { orgId: org.id, email: 'admin@other.example', name: 'Other Admin', role: 'admin' });
    const started = await operator(server, 'certify.start', { orgId: org.id, checks: ['api.paginates'] });
    expect(started.status).toBe(200);
  });
});

describe('open runs of all organisations together', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxCertificationRunsTotal: 2 });
  });
  afterAll(() => server.dispose());

  it("refuses a start beyond the server's limit with a 409 that names no other organisation's run", async () => {
    const org = (await operator(server, 'org.create', { name: 'Other Capital' })).body as unknown as { id: string };
    await operator(server, 'user.create', { orgId: org.id, email: 'admin@other.example', name: 'Other Admin', role: 'admin' });
    const theirs = await operator(server, 'certify.start', { orgId: org.id, checks: ['api.paginates'] });
    expect(theirs.status).toBe(200);
    expect((await operator(server, 'certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'] })).status).toBe(200);

    const refused = await operator(server, 'certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/the server already has 2 open certification runs of all organisations, the most it allows/);
    expect(refused.body.message).not.toContain(theirs.body.run?.id);

    expect((await operator(server, 'certify.finish', { runId: theirs.body.run?.id })).status).toBe(200);
    expect((await operator(server, 'certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'] })).status).toBe(200);
  });
});

describe('an idle running run', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 9));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(() => server.dispose());

  const journalBytes = async (): Promise<number> => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^store_journal_bytes (\d+)$/m.exec(text)?.[1]);
  };
  const seconds = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      clock.advance(1000);
      await settle(server);
    }
  };

  it('writes nothing while the driver looks at it every second, and still ends at its deadline', async () => {
    // An OAuth-only run waits for its client: nothing changes until the client comes.
    const started = await operator(server, 'certify.start', { orgId: server.demo.organizationId, redirectUris: ['http://127.0.0.1:9/cb'], checks: ['oauth'], timeoutSeconds: 60 });
    expect(started.status).toBe(200);
    await seconds(2);
    const before = await journalBytes();
    expect(before).toBeGreaterThan(0);
    await seconds(20);
    expect(await journalBytes()).toBe(before);

    // The looks go on: the deadline passes and the driver finishes the run (a write, at last).
    await seconds(40);
    const report = (await operator(server, 'certify.status', { runId: started.body.run?.id })).body as unknown as { run: { status: string } };
    expect(report.run.status).toBe('failed');
    expect(await journalBytes()).toBeGreaterThan(before);
  });
});
