import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { endedLine, runEnvironment, type Report } from './certification/index.js';
import { IntegrationCommand, type CommandExit } from './certify-command.js';
import { CertifyExit, readBaseline, reportTable, verdict, writeReports } from './certify-output.js';
import { DEFAULT_PROGRESS_INTERVAL_MS, ProgressLines } from './certify-progress.js';
import { defaultConfig, defaultOutboundAllowlist } from './config.js';
import { createLogger } from './log.js';
import { inProcess, MAX_WAIT_MS, remote, type CommandInput, type CommandOutput, type OperatorCall } from './operator/index.js';
import { startServer, type RunningServer } from './server.js';
import type { StoreTarget } from './cli-operator.js';
import { FolderLockedError } from './store/index.js';

/** The options of `certify start` and `certify run` that describe the run (certify-cli.ts `runOptions`). */
export interface RunOptions extends StoreTarget {
  org?: string;
  name?: string;
  webhookUrl?: string;
  subscription?: string;
  checks?: string[];
  redirectUri?: string[];
  timeout?: number;
  faultWindow?: number;
  accessTokenTtl?: number;
  explain?: string[];
}

/** The run's credentials as the environment of the integration's command (docs/certification.md lists them). */
export const commandEnvironment = (started: CommandOutput<'certify.start'>, signIn?: { email: string; password: string }): Record<string, string> =>
  runEnvironment(started.run.id, started.url, started.credentials, signIn);

export const startInput = (o: RunOptions, orgId: string, startedBy: 'operator' | 'certify run'): CommandInput<'certify.start'> => ({
  orgId,
  startedBy,
  ...(o.name ? { name: o.name } : {}),
  ...(o.webhookUrl ? { webhookUrl: o.webhookUrl } : {}),
  ...(o.subscription ? { subscriptionId: o.subscription } : {}),
  ...(o.checks ? { checks: o.checks } : {}),
  ...(o.redirectUri ? { redirectUris: o.redirectUri } : {}),
  ...(o.timeout !== undefined ? { timeoutSeconds: o.timeout } : {}),
  ...(o.faultWindow !== undefined ? { faultWindowSeconds: o.faultWindow } : {}),
  ...(o.accessTokenTtl !== undefined ? { accessTokenTtlSeconds: o.accessTokenTtl } : {}),
});

/** `--org`, or the folder's only organisation (a fresh folder's demo one). */
export async function orgOf(call: OperatorCall, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const [only, ...more] = await call('org.list', {});
  if (!only || more.length) throw new Error(`the folder has ${more.length + (only ? 1 : 0)} organisations: name one with --org`);
  return only.id;
}

/** Records each `--explain check=text` on the run just started. */
export async function explainAll(call: OperatorCall, runId: string, given: readonly string[] = []): Promise<void> {
  for (const pair of given) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--explain takes check=text, e.g. oauth.revokes-on-disconnect="…": got ${pair}`);
    await call('certify.explain', { runId, check: pair.slice(0, at), text: pair.slice(at + 1) });
  }
}

/** Exit code of a start refused because the organisation has the most running runs allowed: finish one, then start again. */
export const EXIT_RUN_LIMIT = 3;

/** The operator command's conflict (409): in-process and forwarded refusals both carry it. */
export const refusedByRunLimit = (error: unknown): boolean => error instanceof Error && 'status' in error && error.status === 409;

export const couldNotStart = (error: unknown): CertifyExit => {
  process.stderr.write(`reference-server: the run could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  return new CertifyExit(refusedByRunLimit(error) ? EXIT_RUN_LIMIT : 2);
};

/** The server on the folder: the one holding it (through its operator endpoint), or one started here (closed by `stop`). */
interface Host {
  call: OperatorCall;
  stop(): Promise<void>;
  server?: RunningServer;
}

async function serverFor(target: StoreTarget, port: number, logFile: string): Promise<Host> {
  const config = defaultConfig({ dataDir: resolve(target.data), ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}), port, host: '127.0.0.1', logLevel: 'info' });
  config.outboundAllowlist = defaultOutboundAllowlist(config);
  // Its log goes to a file: stderr is the command's output and the run's progress, stdout the report's.
  await mkdir(dirname(resolve(logFile)), { recursive: true });
  const logStream = createWriteStream(logFile, { flags: 'a' });
  const closeLog = () => new Promise<void>((done) => logStream.end(done));
  try {
    const server = await startServer(config, { log: createLogger(config.logLevel, logStream) });
    const stop = async () => {
      await server.close();
      await closeLog();
    };
    return { call: inProcess(server.ctx), stop, server };
  } catch (error) {
    await closeLog();
    if (error instanceof FolderLockedError && error.holder.operatorUrl && error.holder.operatorToken) return { call: remote(error.holder), stop: async () => undefined };
    throw error;
  }
}

/** The exit code after SIGINT or SIGTERM, as a shell reports a process a signal ended: 128 + its number. */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** How the wait for the verdict ended, when the server did not decide it. */
type Interruption = { by: 'command'; exit: CommandExit } | { by: 'deadline' } | { by: 'signal'; signal: NodeJS.Signals };

/**
 * Waits for the run's verdict: the server decides it (every check decided, or its deadline);
 * otherwise the first of the command ending, the deadline passing or a signal to `certify run`
 * ends the wait. Each wait is `certify.wait`, answered when the run changes (the store's change
 * notifications, in process or behind the holding server's endpoint), when the next progress
 * listing is due, or at the deadline; every report seen goes to `progress`.
 */
async function awaitVerdict(call: OperatorCall, runId: string, deadline: number, interrupted: Promise<Interruption>, progress: ProgressLines): Promise<{ report: Report; interruption?: Interruption }> {
  let interruption: Interruption | undefined;
  const abandon = new AbortController();
  void interrupted.then((why) => {
    interruption = why;
    abandon.abort();
  });
  let seen = await call('certify.wait', { runId, waitMs: 0 });
  progress.see(seen.report, Date.now());
  while (seen.report.run.status === 'running') {
    if (!interruption && Date.now() > deadline) interruption = { by: 'deadline' };
    if (interruption) return { report: seen.report, interruption };
    const waitMs = Math.max(0, Math.min(MAX_WAIT_MS, deadline + 1 - Date.now(), progress.nextListingIn(Date.now())));
    const next = await call('certify.wait', { runId, seen: seen.version, waitMs }, { signal: abandon.signal }).catch((error: unknown) => {
      if (abandon.signal.aborted) return undefined;
      throw error;
    });
    if (next) seen = next;
    progress.see(seen.report, Date.now());
  }
  return { report: seen.report };
}

/** What `certify finish` is told about why the run ends. */
function endOf(interruption: Interruption): CommandInput<'certify.finish'>['end'] {
  if (interruption.by === 'deadline') return { reason: 'timeout' };
  if (interruption.by === 'signal') return { reason: 'interrupted', signal: interruption.signal };
  return interruption.exit.signal ? { reason: 'command_signalled', signal: interruption.exit.signal } : { reason: 'command_exited', exitCode: interruption.exit.code };
}

/**
 * SIGINT and SIGTERM to `certify run` end the wait instead of the process: the run is finished and
 * reported first. `release` takes both listeners off again (the waits then never settle).
 */
function onStopSignals(): { signalled: Promise<Interruption>; release(): void } {
  const listening = new AbortController();
  const caught = (signal: 'SIGINT' | 'SIGTERM') => once(process, signal, { signal: listening.signal }).then((): Interruption => ({ by: 'signal', signal }));
  const signalled = Promise.race([caught('SIGINT'), caught('SIGTERM')]).catch(() => new Promise<never>(() => undefined));
  return { signalled, release: () => listening.abort() };
}

export interface RunCommandOptions extends RunOptions {
  port: number;
  command: string;
  json: boolean;
  report?: string;
  junit?: string;
  baseline?: string;
  serverLog?: string;
  progressInterval?: number;
}

/** `certify run`: start a run, run the integration's command with its credentials, report, exit by the verdict. */
export async function runWithCommand(o: RunCommandOptions): Promise<void> {
  const baseline = o.baseline ? await readBaseline(o.baseline) : [];
  const stopSignals = onStopSignals();
  const host = await serverFor(o, o.port, o.serverLog ?? join(o.data, 'certify-server.log')).catch((error: unknown) => {
    stopSignals.release();
    throw couldNotStart(error);
  });
  try {
    const started = await host.call('certify.start', startInput(o, await orgOf(host.call, o.org), 'certify run')).catch((error: unknown) => {
      throw couldNotStart(error);
    });
    await explainAll(host.call, started.run.id, o.explain).catch(async (error: unknown) => {
      await host.call('certify.finish', { runId: started.run.id });
      throw couldNotStart(error);
    });
    process.stderr.write(`certification run ${started.run.id} started: ${started.url}\n`);
    const command = new IntegrationCommand(o.command, commandEnvironment(started, host.server?.demo?.user));
    const progress = new ProgressLines((line) => process.stderr.write(`${line}\n`), o.progressInterval ?? DEFAULT_PROGRESS_INTERVAL_MS, Date.now());
    const ended = Promise.race([command.exited.then((exit): Interruption => ({ by: 'command', exit })), stopSignals.signalled]);
    const waited = await awaitVerdict(host.call, started.run.id, Date.parse(started.run.deadline) + 5000, ended, progress);
    // The command stops before the run is finished: nothing it still sends is graded against a closed run.
    await command.stop();
    const report = waited.interruption ? await host.call('certify.finish', { runId: started.run.id, end: endOf(waited.interruption) }) : waited.report;
    progress.see(report, Date.now());
    await writeReports(report, { html: o.report, junit: o.junit });
    process.stdout.write(o.json ? `${JSON.stringify(report)}\n` : `${reportTable(report)}\n`);
    process.stderr.write(`${endedLine(report)}\n`);
    if (waited.interruption?.by === 'signal') throw new CertifyExit(SIGNAL_EXIT[waited.interruption.signal] ?? 1);
    const result = verdict(report, baseline);
    if (result.unexpected.length) process.stderr.write(`MUST checks not passed: ${result.unexpected.join(', ')}\n`);
    if (result.stale.length) process.stderr.write(`the baseline is stale: these listed checks now pass: ${result.stale.join(', ')}\n`);
    if (!result.ok) throw new CertifyExit(1);
  } finally {
    stopSignals.release();
    await host.stop();
  }
}
