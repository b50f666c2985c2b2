import { afterEach, describe, expect, it } from 'vitest';
import { collectLines, startTestServer, type TestServer } from 'reference-server/testing';
import { createLogger } from './log.js';

/**
 * Issue 36, item 7: the shared-sandbox pitfalls a server is started with are said at start (the
 * CLI's printing is in cli.test.ts), and `localhost.` is refused like `localhost`.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.dispose()));
});

async function start(overrides: Parameters<typeof startTestServer>[0], lines: string[] = []): Promise<TestServer> {
  const { sink } = collectLines(lines);
  const server = await startTestServer(overrides, { log: createLogger('info', sink) });
  servers.push(server);
  return server;
}

describe('warnings at start', { timeout: 60_000 }, () => {
  it('logs trust-proxy by hop count with direct clients, and --insecure-http without an https public URL', async () => {
    const lines: string[] = [];
    const server = await start({ host: '0.0.0.0', insecureHttp: true, trustProxy: 1 }, lines);
    expect(server.warnings.map((w) => w.id)).toEqual(['trust-proxy-direct', 'insecure-cookies']);
    const logged = lines.map((line) => JSON.parse(line) as { level: number; warning?: string; msg: string }).filter((l) => l.warning);
    expect(logged.map((l) => [l.level, l.warning])).toEqual([
      [40, 'trust-proxy-direct'],
      [40, 'insecure-cookies'],
    ]);
    expect(logged[0]?.msg).toMatch(/X-Forwarded-For/);
    expect(logged[1]?.msg).toMatch(/without Secure/);
  });

  it('says nothing for a developer’s loopback server, nor behind named proxies with an https public URL', async () => {
    expect((await start({})).warnings).toEqual([]);
    expect((await start({ host: '0.0.0.0', insecureHttp: true, trustProxy: ['10.0.0.5'], publicUrl: 'https://sandbox.example' })).warnings).toEqual([]);
  });
});

describe('localhost names, refused like localhost', { timeout: 60_000 }, () => {
  it('refuses a webhook to localhost., any case, and *.localhost where loopback is not allowed', async () => {
    const server = await start({ host: '0.0.0.0', insecureHttp: true });
    for (const host of ['localhost', 'localhost.', 'LocalHost.', 'hooks.localhost', 'Hooks.LOCALHOST.']) {
      const answer = await fetch(`${server.url}/api/automation/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://${host}:8080/hook`, events: ['submission.queued'] }),
      });
      expect(answer.status, host).toBe(400);
      expect(JSON.stringify(await answer.json()), host).toMatch(/loopback/);
    }
  });
});
