// Entry of `npm run zapier -- <args>`: Zapier's CLI on Node 22, inside zapier-app/.
import { spawnSync } from 'node:child_process';
import { appDir, ensureZapierCli } from './zapier-cli.js';

const cli = ensureZapierCli();
const result = spawnSync(cli.node, [cli.bin, ...process.argv.slice(2)], { cwd: appDir, env: cli.env, stdio: 'inherit' });
process.exit(result.status ?? 1);
