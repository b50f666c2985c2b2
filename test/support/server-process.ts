import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Credentials } from '../conformance/credentials.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../reference-server/src/main.ts', import.meta.url));
/**
 * tsx compiles with the tsconfig of its working directory, and the repository root's (a solution
 * file naming no source) has no JSX settings: the server's own makes its .tsx pages render with preact.
 */
const SERVER_TSCONFIG = fileURLToPath(new URL('../../reference-server/tsconfig.json', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/** The reference server running as a child process (`reference-server start`), killable with SIGKILL. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Parsed from the banner; only present when this start seeded the folder. */
  credentials?: Credentials;
  child: ChildProcess;
  /** kill -9: no drain, no compaction, no lock release. */
  crash(): Promise<void>;
  /** SIGTERM: the documented clean shutdown. */
  stop(): Promise<void>;
  /** Resident set size of the server process, in bytes (from /proc). */
  rss(): Promise<number>;
}

const BANNER_FIELDS: Record<string, keyof Credentials> = {
  'Developer key': 'developerKey',
  'Automation key': 'automationKey',
  'Partner credential': 'partnerCredential',
  'OAuth client id': 'oauthClientId',
  'OAuth client secret': 'oauthClientSecret',
  'OAuth redirect URIs': 'oauthRedirectUri',
};

/** Reads the credentials out of the start-up banner (`banner.ts`), the way a developer would. */
export function parseBanner(text: string): { url?: string; credentials?: Credentials } {
  const url = /reference server on (\S+)/.exec(text)?.[1];
  const found: Partial<Credentials> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    const organization = /^Demo organisation\s+.*\((\S+)\)$/.exec(trimmed);
    if (organization?.[1]) found.organizationId = organization[1];
    const login = /^Investor login\s+(\S+) \/ (\S+)$/.exec(trimmed);
    if (login?.[1] && login[2]) {
      found.userEmail = login[1];
      found.userPassword = login[2];
    }
    for (const [label, field] of Object.entries(BANNER_FIELDS)) {
      if (trimmed.startsWith(`${label} `)) found[field] = trimmed.slice(label.length).trim().split(/\s+/)[0] ?? '';
    }
  }
  const complete = Object.keys(found).length === Object.keys(BANNER_FIELDS).length + 3;
  return { ...(url ? { url } : {}), ...(complete ? { credentials: found as Credentials } : {}) };
}

export async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Starts `reference-server start --port 0 --data DIR` under tsx and resolves once its banner is
 * printed (the server prints it after listening and after the demo seed, if any, is durable).
 */
export interface ServerProcessOptions {
  /** Let webhook and CRM deliveries reach 127.0.0.1 (where the tests' receivers listen). Default true. */
  allowLoopbackOutbound?: boolean;
  extraArgs?: string[];
}

export async function startServerProcess(dataDir: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const outbound = options.allowLoopbackOutbound === false ? [] : ['--allow-outbound', '127.0.0.1'];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, 'start', '--port', '0', '--data', dataDir, '--log-level', 'silent', ...outbound, ...(options.extraArgs ?? [])],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: SERVER_TSCONFIG } },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${stdout}${stderr}`)), START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      // The banner ends with a blank line after its last section.
      if (/reference server on /.test(stdout) && /\n\s*\n\s*$/.test(stdout) && /(shown once|were shown then)/.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    void exited.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code ?? signal)}) before it was ready:\n${stdout}${stderr}`));
    });
  });
  const banner = await ready;
  const parsed = parseBanner(banner);
  if (!parsed.url || child.pid === undefined) throw new Error(`no URL in the banner:\n${banner}`);
  const pid = child.pid;
  return {
    url: parsed.url,
    pid,
    ...(parsed.credentials ? { credentials: parsed.credentials } : {}),
    child,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    rss: () => readRss(pid),
  };
}
