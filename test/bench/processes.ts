import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * The processes a benchmark measures: each server in its own child process, pinned to a core of
 * its own when the machine has two or more, with its CPU time read from the OS (/proc), so the
 * load generator's own cost never lands on the server's side of a ratio.
 */
export interface MeasuredProcess {
  pid: number;
  /** Everything the process wrote to stdout and stderr so far (a file: reading it costs the server nothing). */
  output(): Promise<string>;
  /** User + system CPU seconds the process has used since it started. */
  cpuSeconds(): Promise<number>;
  /** SIGTERM, then wait for the exit (the documented clean shutdown). */
  stop(): Promise<void>;
  /** Waits for the process to end by itself (a measurement that runs to its end). */
  exited(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** /proc/<pid>/stat's fields after the command name (field 3 first), which may hold spaces. */
async function statFields(pid: number | string): Promise<string[]> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

export async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = await statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The pids of `root` and every live process below it (a whole /proc scan: outside the server's core). */
async function processTree(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // A process may end between the listing and the read.
    const fields = await statFields(name).catch(() => undefined);
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/**
 * CPU seconds of a process and everything it started (PostgreSQL's postmaster and its backends):
 * each live process's utime + stime, plus cutime + cstime, where the kernel adds a child's whole
 * time once its parent has reaped it, so a backend that ended during a load still counts.
 */
export async function treeCpuSecondsOf(root: number): Promise<number> {
  let ticks = 0;
  for (const pid of await processTree(root)) {
    const fields = await statFields(pid).catch(() => undefined);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / TICKS;
}

/** Pins a running process and everything below it to the server core (processes it starts later inherit it). */
export async function pinTreeToServerCore(root: number): Promise<void> {
  if (!cores.server) return;
  for (const pid of await processTree(root)) spawnSync('taskset', ['-a', '-p', '-c', cores.server, String(pid)], { stdio: 'ignore' });
}

/** The cores servers and the load generator run on: apart when there are two or more and taskset exists. */
export const cores = (() => {
  const online = spawnSync('nproc', { encoding: 'utf8' });
  const count = Number(online.stdout?.trim()) || 1;
  const taskset = spawnSync('taskset', ['--version']).status === 0;
  return count >= 2 && taskset ? { server: '0', load: '1', pinned: true } : { server: undefined, load: undefined, pinned: false };
})();

/** Pins this process (the load generator) to its core. */
export function pinLoadGenerator(): void {
  if (cores.load) spawnSync('taskset', ['-a', '-p', '-c', cores.load, String(process.pid)], { stdio: 'ignore' });
}

/** Starts `node <args>` (behind `wrapper`, when given) pinned to the server core, its output going to `<dir>/<name>.log`. */
export async function startPinned(name: string, dir: string, nodeArgs: string[], env: NodeJS.ProcessEnv = {}, wrapper: string[] = []): Promise<MeasuredProcess> {
  const logPath = join(dir, `${name}.log`);
  const log = await open(logPath, 'w');
  // A wrapper (valgrind) execs node in place too: the pid is still the server's.
  const line = [...wrapper, process.execPath, ...nodeArgs];
  const [command, args] = cores.server ? ['taskset', ['-c', cores.server, ...line]] : [line[0] as string, line.slice(1)];
  // taskset execs node in place, so the child's pid is the server's.
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', log.fd, log.fd], env: { ...process.env, ...env } });
  await log.close();
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const pid = child.pid;
  const exited = once(child, 'exit');
  return {
    pid,
    output: () => readFile(logPath, 'utf8'),
    cpuSeconds: () => cpuSecondsOf(pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async exited() {
      await exited;
    },
  };
}

/**
 * Waits until the process's output satisfies `ready` (its start-up line or banner). The output is a
 * file, so this polls it; a process that exits first or takes over a minute fails the wait.
 */
export async function waitForOutput<T>(process: MeasuredProcess, ready: (output: string) => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const output = await process.output();
    const found = ready(output);
    if (found !== undefined) return found;
    const alive = await readFile(`/proc/${process.pid}/stat`, 'utf8').then((s) => !/\) Z /.test(s), () => false);
    if (!alive || Date.now() > deadline) throw new Error(`${what} did not start:\n${output}`);
    await delay(25);
  }
}
