import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operate } from '../cli.js';
import type { CommandInput, CommandName } from '../operator/index.js';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * Limits on certification runs (issue 36): at most five running runs per organisation by default,
 * the sixth refused with a 409 naming the runs to finish, concurrent starts never overshooting
 * (run-idle.test.ts: an idle running run writes nothing).
 */
interface Answer {
  status: number;
  body: { run?: { id: string }; message?: string };
}

/** An operator command as the CLI runs it (through the server holding a folder, or on the database itself): 200 and its answer, or the status of its refusal. */
async function operator<N extends CommandName>(server: TestServer, name: N, args: CommandInput<N>): Promise<Answer> {
  try {
    return { status: 200, body: (await operate(server.sandbox, name, args)) as Answer['body'] };
  } catch (error) {
    return { status: (error as { status?: number }).status ?? 500, body: { message: (error as Error).message } };
  }
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
    expect(refused.body.message).toMatch(/already has 5 running certification runs, the most allowed \(5\): finish one first/);
    for (const id of ids) expect(refused.body.message).toContain(id);
    expect(refused.body.message).toContain('certify finish');

    expect((await operator(server, 'certify.finish', { runId: ids[0] ?? '' })).status).toBe(200);
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

    expect((await operator(server, 'certify.finish', { runId: theirs.body.run?.id ?? '' })).status).toBe(200);
    expect((await operator(server, 'certify.start', { orgId: server.demo.organizationId, checks: ['api.paginates'] })).status).toBe(200);
  });
});
