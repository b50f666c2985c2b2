import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NODE_22 } from '../../scripts/node-runtime.js';
import { appDir, ensureZapierCli, ZAPIER_CLI_VERSION } from '../../scripts/zapier-cli.js';

/**
 * The Zapier app's certification (zapier-app/test/certification.test.ts) run by Zapier's own CLI on
 * Node 22, as Zapier runs 19.x apps: `zapier-platform test --skip-validate` runs the app's `test`
 * script (`npm run --silent test -- <args>`), narrowed here to the certification. CLI 19.1.0 drops
 * what follows a single `--` (its argument parser consumes the `--` the command then looks for), so
 * the file goes after a second one. The certification prints its summary line and the Node it ran on.
 */
const SUMMARY = /Zapier certification on Node (v\S+): \S+ (passed|failed): \d+ passed, (\d+) failed, \d+ warned, \d+ not run(?:; \d+ explained)?; MUST (\d+) of (\d+) passed/;

describe('zapier-platform test', () => {
  it('certifies the app on Node 22: the CLI exits 0, no check failed, every MUST passed', { timeout: 300_000 }, () => {
    console.log(`zapier-platform test --skip-validate -- -- test/certification.test.ts (zapier-platform-cli ${ZAPIER_CLI_VERSION}, Node ${NODE_22})`);
    const cli = ensureZapierCli();
    const run = spawnSync(cli.node, [cli.bin, 'test', '--skip-validate', '--', '--', 'test/certification.test.ts'], {
      cwd: appDir,
      env: { ...cli.env, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 280_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output, 'the certification alone ran').toMatch(/Test Files\s+1 passed \(1\)/);
    const summary = SUMMARY.exec(output);
    console.log(summary?.[0] ?? 'no summary line');
    const [, node, verdict, failed, mustsPassed, musts] = summary ?? [];
    expect({ node, verdict, failed, mustsPassed }, output).toEqual({ node: `v${NODE_22}`, verdict: 'passed', failed: '0', mustsPassed: musts });
  });
});
