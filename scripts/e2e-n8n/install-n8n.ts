// n8n itself, pinned, on the Node it requires (n8n 2.36+ refuses Node < 24), in the cache outside the repo.
import { join } from 'node:path';
import { ensureInstalled, npmCli, run } from '../cached-install.js';
import { ensureNode, NODE_24 } from '../node-runtime.js';

export const N8N_VERSION = '2.41.1';

export interface N8nInstall {
  node: string;
  /** n8n's CLI entry, run as `node <bin> …` */
  bin: string;
}

export function ensureN8n(): N8nInstall {
  const node = ensureNode(NODE_24);
  const dir = ensureInstalled({
    folder: `n8n-${N8N_VERSION}`,
    dependencies: { n8n: N8N_VERSION },
    // linkedom 0.18.14+ depends on a package missing from the registry; n8n works with 0.18.13.
    overrides: { linkedom: '0.18.13' },
    // Install scripts of n8n's tree fetch prebuilt binaries from GitHub; only sqlite3 is needed, built below.
    ignoreScripts: true,
    afterInstall: (installDir) => run(node, [npmCli(), 'rebuild', 'sqlite3', '--loglevel=error'], { cwd: installDir }),
  });
  return { node, bin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n') };
}
