// Tools the project runs but never commits (a newer Node, Zapier's CLI, n8n): each is installed once
// with npm into its own folder of a cache outside the repository, and reused afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CachedPackage {
  /** folder name inside the cache, unique per pinned version */
  folder: string;
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
  /** skip dependency install scripts (n8n's tree has some that need the network) */
  ignoreScripts?: boolean;
  /** runs once after the install, before the folder is marked complete */
  afterInstall?: (dir: string) => void;
}

export function cacheRoot(): string {
  return process.env.PARTNER_KIT_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'partner-integration-kit');
}

/** npm's own CLI script, so it can be run under another Node binary. */
export function npmCli(): string {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && fromNpm.endsWith('.js')) return fromNpm;
  return join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
}

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
  }
}

/** Installs the package set into the cache unless a complete install is already there; returns its folder. */
export function ensureInstalled(pkg: CachedPackage, log: (line: string) => void = (line) => console.error(line)): string {
  const dir = join(cacheRoot(), pkg.folder);
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return dir;
  const started = Date.now();
  log(`Installing ${Object.entries(pkg.dependencies).map(([n, v]) => `${n}@${v}`).join(', ')} into ${dir} (once; cached afterwards)…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: pkg.dependencies, overrides: pkg.overrides ?? {} }, null, 2));
  const args = [npmCli(), 'install', '--no-audit', '--no-fund', '--loglevel=error'];
  if (pkg.ignoreScripts) args.push('--ignore-scripts');
  run(process.execPath, args, { cwd: dir });
  pkg.afterInstall?.(dir);
  writeFileSync(marker, new Date().toISOString());
  log(`Installed in ${Math.round((Date.now() - started) / 1000)} s.`);
  return dir;
}
