import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/**
 * The `reference-server` command line as a user runs it, for this repository's own tests: a child
 * process of the server's main.ts (through tsx, so no build is needed), its output and exit code.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

export type CliProcess = ChildProcessByStdio<null, Readable, Readable>;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the CLI with `args`; `env` is added to this process's environment (the log silenced unless it says otherwise). */
export function spawnCli(args: string[], env: Record<string, string> = {}): CliProcess {
  // tsx reads the tsconfig of the working directory unless told: the server's own compiles its .tsx pages.
  return spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', TSX_TSCONFIG_PATH: TSCONFIG, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What a started CLI wrote and how it exited. */
export async function cliResult(child: CliProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = await once(child, 'close');
  return { code: typeof code === 'number' ? code : null, stdout, stderr };
}

/** Runs the CLI to its end. */
export const runCli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> => cliResult(spawnCli(args, env));
