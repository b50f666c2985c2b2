import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Another commit of this repository, built for the bench's `--against REF`: checked out in a
 * temporary git worktree, its dependencies installed there (`npm install --prefer-offline`, from
 * the local cache where it can), and its reference server built with its own build script. The
 * bench then starts that server through its own CLI, as it starts the working tree's.
 */
export interface ReferenceCheckout {
  /** The name given (`a7a58c7`, `main`, a tag). */
  ref: string;
  /** The commit it names, abbreviated. */
  commit: string;
  /** Its `reference-server/bin/reference-server.js`. */
  serverBin: string;
  /** Removes the worktree (also done when the process exits). */
  remove(): Promise<void>;
}

const git = (root: string, args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/** Runs a command in `cwd`, its output to `logPath`; a failure throws with the log's tail. */
async function run(command: string, args: string[], cwd: string, logPath: string): Promise<void> {
  const log = await open(logPath, 'a');
  const child = spawn(command, args, { cwd, stdio: ['ignore', log.fd, log.fd], env: { ...process.env, npm_config_update_notifier: 'false' } });
  await log.close();
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    const tail = (await readFile(logPath, 'utf8')).split('\n').slice(-30).join('\n');
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${tail}`);
  }
}

/**
 * Checks out and builds `ref`; `progress` hears each step. The install skips lifecycle scripts:
 * the root `prepare` would build every workspace (the n8n and Zapier packages too), and the
 * reference server needs no install script; its own `build` script is then run.
 */
export async function checkOutReference(ref: string, progress: (line: string) => void): Promise<ReferenceCheckout> {
  const root = git(process.cwd(), ['rev-parse', '--show-toplevel']);
  const commit = git(root, ['rev-parse', '--short', '--verify', `${ref}^{commit}`]);
  const dir = await mkdtemp(join(tmpdir(), `bench-against-${commit}-`));
  const logPath = `${dir}.log`;
  let removed = false;
  const removeSync = () => {
    if (removed) return;
    removed = true;
    spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    spawnSync('git', ['-C', root, 'worktree', 'prune'], { stdio: 'ignore' });
    spawnSync('rm', ['-rf', dir, logPath], { stdio: 'ignore' });
  };
  // An interrupted or failed run still leaves no worktree behind.
  process.once('exit', removeSync);
  const checkout: ReferenceCheckout = {
    ref,
    commit,
    serverBin: join(dir, 'reference-server', 'bin', 'reference-server.js'),
    async remove() {
      removeSync();
      process.off('exit', removeSync);
      await rm(logPath, { force: true });
    },
  };
  // Interrupted while it installs or builds: exit through the hook above (a signal's default skips it).
  const interrupted = () => process.exit(130);
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    progress(`checking out ${ref} (${commit}) in ${dir}`);
    await rm(dir, { recursive: true, force: true });
    git(root, ['worktree', 'add', '--quiet', '--detach', dir, commit]);
    progress(`installing its dependencies (npm install --prefer-offline; log: ${logPath})`);
    await run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir, logPath);
    progress('building its reference server');
    await run('npm', ['run', 'build', '-w', 'reference-server'], dir, logPath);
    return checkout;
  } catch (error) {
    await checkout.remove();
    throw error;
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
  }
}
