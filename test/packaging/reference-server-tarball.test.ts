import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './pack-contents.js';

/**
 * The reference server as a partner's CI gets it: the npm tarball, installed into an empty folder
 * (no monorepo around it), run with its bin and imported for startTestServer, on the Node running
 * the tests (20 here). The tarball is packed from a staging copy whose dist/ is compiled for it,
 * as `prepack` does, so a build does not rewrite the dist/ other tests run from.
 */
let work: string;
let app: string;
let tarballFiles: string[];

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'reference-server-tarball-'));
  const staging = join(work, 'package');
  const source = join(repoRoot, 'reference-server');
  mkdirSync(staging);
  for (const entry of ['package.json', 'bin', 'README.md', 'LICENSE.md']) cpSync(join(source, entry), join(staging, entry), { recursive: true });
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  run(process.execPath, [tsc, '-p', join(source, 'tsconfig.build.json'), '--outDir', join(staging, 'dist')], repoRoot);
  run(process.execPath, [tsc, '-p', join(source, 'testing/tsconfig.json'), '--outDir', join(staging, 'testing/dist')], repoRoot);
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--loglevel=error', '--pack-destination', work], staging)) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarballFiles = packed!.files.map((file) => file.path);
  app = join(work, 'partner-ci');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'partner-ci', private: true, type: 'module' }));
  run('npm', ['install', join(work, packed!.filename), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** npx and a cold start on a busy two-core machine take seconds each. */
const SLOW = 120_000;

describe('reference-server tarball', { timeout: SLOW }, () => {
  it('holds the built server, its bin and the built testing entry, not sources, tests or test helpers of this repository', () => {
    expect(tarballFiles).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'LICENSE.md', 'bin/reference-server.js', 'dist/index.js', 'dist/index.d.ts', 'dist/main.js', 'testing/dist/index.js', 'testing/dist/index.d.ts']),
    );
    expect(tarballFiles.filter((path) => !/^(bin|dist|testing\/dist)\//.test(path) && !['package.json', 'README.md', 'LICENSE.md'].includes(path))).toEqual([]);
    expect(tarballFiles.filter((path) => /chromium|playwright/.test(path))).toEqual([]);
    expect(tarballFiles.filter((path) => /\.test\.|(^|\/)test-|\.map$|\.ts$/.test(path) && !path.endsWith('.d.ts'))).toEqual([]);
  });

  it('installs into an empty folder with nothing but its own dependencies', () => {
    expect(readdirSync(join(app, 'node_modules'))).toContain('reference-server');
  });

  it('`npx reference-server seed --demo --json` prints the demo credentials as one JSON object', () => {
    const demo = JSON.parse(run('npx', ['--no', 'reference-server', 'seed', '--demo', '--json', '--data', 'seeded'], app)) as Record<string, unknown>;
    expect(demo).toMatchObject({ organizationName: 'Northwind Ventures', automationKey: expect.stringMatching(/^pis_auto_/) });
  });

  it('`reference-server start` (the bin npx runs) serves the seeded folder and stops on SIGTERM', async () => {
    const demo = JSON.parse(run('npx', ['--no', 'reference-server', 'seed', '--demo', '--json', '--data', 'served'], app)) as { automationKey: string };
    // The bin npx runs, started directly: npm exec does not pass SIGTERM on to the server.
    const server = spawn(join(app, 'node_modules/.bin/reference-server'), ['start', '--data', 'served', '--port', '0', '--log-level', 'silent'], {
      cwd: app,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (found) resolve(found[1]!);
        });
        server.once('exit', (code) => reject(new Error(`start exited (${code}) before serving: ${out}`)));
      });
      expect((await fetch(`${url}/api`)).status).toBe(200);
      const me = await fetch(`${url}/api/automation/me`, { headers: { 'x-api-key': demo.automationKey } });
      expect(me.status).toBe(200);
    } finally {
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it("`import { startTestServer } from 'reference-server/testing'` starts a seeded server in a temp folder and disposes of it", () => {
    writeFileSync(
      join(app, 'ci-check.js'),
      [
        "import { startTestServer } from 'reference-server/testing';",
        'const server = await startTestServer();',
        "const me = await fetch(`${server.url}/api/automation/me`, { headers: { 'x-api-key': server.demo.automationKey } });",
        'console.log(JSON.stringify({ status: me.status, organization: server.demo.organizationName }));',
        'await server.dispose();',
      ].join('\n'),
    );
    expect(JSON.parse(run(process.execPath, ['ci-check.js'], app))).toEqual({ status: 200, organization: 'Northwind Ventures' });
  });
});
