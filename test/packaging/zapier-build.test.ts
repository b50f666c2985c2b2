import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_22 } from '../../scripts/node-runtime.js';
import { appDir, ensureZapierCli, ZAPIER_CLI_VERSION } from '../../scripts/zapier-cli.js';
import { extractZip, zipEntries } from './zip.js';

/**
 * `zapier-platform build`, as `push` runs it, with Zapier's own CLI on Node 22: the CLI unzips its
 * build.zip and loads the app from it, failing on any file its dependency detection left out
 * (the .mjs files zapier-platform-core's dependency tree requires under Node 22's `module-sync`
 * condition, kept by `includeInBuild` in zapier-app/.zapierapprc). The CLI and Node 22 are fetched
 * through npm into the cache on first use (`npm run zapier` uses the same), so the test always runs.
 *
 * The CLI gives each load of the unzipped app 5 seconds; on a busy machine (this suite's other
 * files run in parallel) that can run out with no message. Such a timeout alone is not taken as
 * a failure: the same load (`node zapierwrapper.js`, `node index.js` in the unzipped build, on
 * Node 22) is then repeated here with time to spare, and must succeed.
 */
describe('Zapier build', () => {
  it('zapier-platform build passes the CLI\'s check of build.zip; the source zip holds no node_modules or build output', { timeout: 900_000 }, () => {
    console.log(`zapier-platform build --skip-validation (zapier-platform-cli ${ZAPIER_CLI_VERSION}, Node ${NODE_22}; fetched into the cache on first use)`);
    const cli = ensureZapierCli();
    const env = { ...cli.env, NODE_ENV: 'production' };
    const build = spawnSync(cli.node, [cli.bin, 'build', '--skip-validation'], { cwd: appDir, env, encoding: 'utf8' });
    const output = `${build.stdout}\n${build.stderr}`;
    expect(output).not.toMatch(/Detected a missing file/);
    const buildZip = join(appDir, 'build', 'build.zip');
    if (build.status !== 0) {
      expect(output, 'only the CLI\'s 5-second load check may have failed').toMatch(/Testing build[\s\S]*Error:\s*\n[\s›]*(\S*re-run this command with `--debug`)/);
      const unzipped = mkdtempSync(join(tmpdir(), 'zapier-build-'));
      try {
        extractZip(buildZip, unzipped);
        for (const entry of ['zapierwrapper.js', 'index.js']) {
          const load = spawnSync(cli.node, [entry], { cwd: unzipped, env, encoding: 'utf8', timeout: 120_000 });
          expect(load.status, `node ${entry} in the unzipped build: ${load.stdout}\n${load.stderr}`).toBe(0);
        }
      } finally {
        rmSync(unzipped, { recursive: true, force: true });
      }
    } else {
      expect(build.stdout).toContain('Build complete!');
    }

    const entries = zipEntries(buildZip);
    for (const name of ['async-function', 'async-generator-function', 'generator-function']) expect(entries).toContain(`node_modules/${name}/require.mjs`);
    expect(entries).toEqual(expect.arrayContaining(['index.js', 'zapierwrapper.js', 'definition.json', 'dist/index.js']));
    expect(statSync(buildZip).size).toBeLessThan(2_000_000);

    const sources = zipEntries(join(appDir, 'build', 'source.zip'));
    expect(sources.filter((name) => /^(node_modules|dist|build)\//.test(name))).toEqual([]);
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'index.js', 'src/index.ts']));
  });
});
