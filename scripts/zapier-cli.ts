// Zapier's CLI for this app, on the Node it requires (zapier-platform-cli 19 refuses Node < 22; Zapier
// runs 19.x apps on Node 22): both are fetched through npm into the cache on first use, never committed.
// `npm run zapier -- <command> [flags]` runs `zapier-platform <command>` inside zapier-app/.
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './cached-install.js';
import { ensureNode, NODE_22 } from './node-runtime.js';

export const ZAPIER_CLI_VERSION = '19.1.0';
export const appDir = fileURLToPath(new URL('../zapier-app/', import.meta.url));

export interface ZapierCli {
  node: string;
  bin: string;
  /** the environment a CLI run needs: Node 22 first on PATH, since the CLI spawns `npm`/`node` itself */
  env: NodeJS.ProcessEnv;
}

export function ensureZapierCli(): ZapierCli {
  const node = ensureNode(NODE_22);
  const dir = ensureInstalled({ folder: `zapier-platform-cli-${ZAPIER_CLI_VERSION}`, dependencies: { 'zapier-platform-cli': ZAPIER_CLI_VERSION } });
  const bin = join(dir, 'node_modules', 'zapier-platform-cli', 'src', 'bin', 'run');
  if (!existsSync(bin)) throw new Error(`zapier-platform-cli has no ${bin}`);
  return { node, bin, env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` } };
}
