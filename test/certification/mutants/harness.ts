import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mutant } from './mutants.js';

/**
 * Runs an integration through the real `certify run --command` CLI, as a partner's CI would: a
 * child process that starts its own server on a fresh folder.
 */
const MAIN = fileURLToPath(new URL('../../../reference-server/src/main.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../../reference-server/', import.meta.url));
const INTEGRATIONS = fileURLToPath(new URL('./integrations/', import.meta.url));
/** Where the OAuth client is sent back to; nothing needs to listen there (the client reads the Location). */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface CheckOutcome {
  id: string;
  level: string;
  outcome: string;
  summary: string;
}

export interface RunResult {
  code: number | null;
  checks: CheckOutcome[];
  stderr: string;
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const node = (integration: string, flaw = '', env: Record<string, string> = {}) =>
  `${Object.entries({ FLAW: flaw, ...env })
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')} "${process.execPath}" "${join(INTEGRATIONS, `${integration}.mjs`)}"`;

/** `certify run` options for the groups the checks span (a receiver URL, a redirect URI with short-lived tokens). */
async function groupOptions(checks: readonly string[]): Promise<string[]> {
  const options: string[] = [];
  if (checks.some((c) => c.startsWith('webhook'))) options.push('--webhook-url', `http://127.0.0.1:${await freePort()}/hook`);
  if (checks.some((c) => c.startsWith('oauth'))) options.push('--redirect-uri', REDIRECT_URI, '--access-token-ttl', '5s');
  return options;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The reference server's CLI in a child process, from source; `child` to signal it, `done` once it closed. */
export function startCli(args: readonly string[]): { child: ChildProcess; done: Promise<CliResult>; stderrSoFar(): string } {
  // tsx reads the server's tsconfig (its JSX settings) from the working folder.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: SERVER_DIR, env: { ...process.env, REFERENCE_SERVER_DATA: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = once(child, 'close').then(([code]) => ({ code: code as number | null, stdout, stderr }));
  return { child, done, stderrSoFar: () => stderr };
}

export const cli = (args: readonly string[]): Promise<CliResult> => startCli(args).done;

export async function certify(command: string, checks: readonly string[], extra: readonly string[] = []): Promise<RunResult> {
  const folder = await mkdtemp(join(tmpdir(), 'certify-mutant-'));
  try {
    const args = ['certify', 'run', '--data', folder, '--json', '--checks', checks.join(','), ...(await groupOptions(checks)), ...extra, '--command', command];
    const { code, stdout, stderr } = await cli(args);
    const checksOut = stdout.trim() ? (JSON.parse(stdout) as { checks: CheckOutcome[] }).checks : [];
    return { code, checks: checksOut, stderr };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface MutantResult {
  mutant: Mutant;
  outcome: string;
  caught: boolean;
  summary: string;
}

/** A mutant is caught when the check it breaks does not pass (fail, warn, or not_run for a step it never takes). */
export async function runMutant(mutant: Mutant): Promise<MutantResult> {
  const result = await certify(node(mutant.integration, mutant.id, mutant.env), mutant.checks ?? [mutant.catches], mutant.options);
  const check = result.checks.find((c) => c.id === mutant.catches);
  const outcome = check?.outcome ?? `no report (exit ${result.code}): ${result.stderr.trim().split('\n').at(-1) ?? ''}`;
  return { mutant, outcome, caught: check !== undefined && check.outcome !== 'pass', summary: check?.summary ?? '' };
}

/**
 * The correct integration: receiver, client and OAuth client together, every check selected. The
 * receiver makes no API calls here: it and the client would share the automation key and Node's
 * `User-Agent: node`, which the run takes for one client (docs/certification.md, "How requests
 * are attributed").
 */
export async function runCorrect(): Promise<RunResult> {
  const command = `${node('receiver')} & ${node('client')} & ${node('oauth-client')}; wait`;
  return certify(command, ['webhook', 'api', 'oauth'], ['--fault-window', '5s']);
}

export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function formatTable(results: readonly MutantResult[]): string {
  const rows = [['mutant', 'the check that must catch it', 'caught?'], ...results.map((r) => [`${r.mutant.id} (${r.mutant.bug})`, r.mutant.catches, `${r.caught ? 'yes' : 'NO'}: ${r.outcome}`])];
  const widths = [0, 1].map((i) => Math.max(...rows.map((row) => (row[i] as string).length)));
  return rows.map((row) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell)).join(' | ')).join('\n');
}
