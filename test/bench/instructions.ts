import { execFileSync, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Instructions per request, counted by valgrind's callgrind: on a machine shared with other work
 * the CPU seconds a request costs move with the neighbours' cache and scheduler pressure, the
 * instructions it executes hardly at all (this machine's virtual CPU has no hardware counters for
 * `perf stat`). The server runs under callgrind (20–50 times slower), is warmed up, then its
 * counters are zeroed, a fixed number of requests sent, and the counters dumped: every thread of
 * the process counts (the garbage collector's and the thread pool's too), start-up never does.
 */
export const callgrindAvailable = (): boolean =>
  spawnSync('valgrind', ['--version']).status === 0 && spawnSync('callgrind_control', ['--help']).status !== null;

/** valgrind in front of node; V8 writes code to the heap, which valgrind must be told to watch. */
export const callgrindWrapper = (outFile: string): string[] => [
  'valgrind',
  '--tool=callgrind',
  '--smc-check=all-non-file',
  `--callgrind-out-file=${outFile}`,
  '--dump-line=no',
  '--log-file=/dev/null',
];

const control = (pid: number, flag: string) => execFileSync('callgrind_control', [flag, String(pid)], { stdio: 'ignore', timeout: 120_000 });

/** The instructions the process executes while `work` runs (from the dump callgrind writes after it). */
export async function instructionsDuring(pid: number, outFile: string, work: () => Promise<void>): Promise<number> {
  control(pid, '-z');
  await work();
  const before = new Set(await readdir(dirname(outFile)));
  control(pid, '-d');
  const dumps = (await readdir(dirname(outFile))).filter((f) => f.startsWith(`${basename(outFile)}.`) && !before.has(f));
  const dump = dumps.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())).pop();
  if (!dump) throw new Error(`callgrind wrote no dump for ${pid}`);
  const text = await readFile(join(dirname(outFile), dump), 'utf8');
  const total = /^(?:summary|totals):\s*(\d+)/m.exec(text)?.[1];
  if (!total) throw new Error(`no instruction total in ${dump}`);
  return Number(total);
}
