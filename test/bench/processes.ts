import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { open, readFile } from 'node:fs/promises';
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
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
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
