import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Command, Option } from 'commander';
import { endedLine, renderReportHtml, renderReportJunit, runEnvironment, summaryLine, type Report, type StartedRun } from './certification/index.js';
import { IntegrationCommand, type CommandExit } from './certify-command.js';
import { DEFAULT_PROGRESS_INTERVAL_MS, ProgressLines } from './certify-progress.js';
import { verifyCommand } from './certify-verify.js';
import { defaultConfig, defaultOutboundAllowlist } from './config.js';
import { createLogger } from './log.js';
import { forwardCommand } from './transport/index.js';
import { runCommand, type CommandName } from './operator/index.js';
import { startServer, type RunningServer } from './server.js';
import type { StoreTarget } from './cli-operator.js';
import { FolderLockedError } from './store/index.js';

/** What `certify` borrows from cli.ts (passed in, so the two files do not import each other). */
export interface CliParts {
  dataOption(): Option;
  databaseOption(): Option;
  /** The servers' settings a command on a database needs (public URL, outbound allowlist, certificate issuer, run limits). */
  serverSettingOptions(): Option[];
  operate(target: StoreTarget, name: CommandName, args: unknown): Promise<unknown>;
  duration(value: string): number;
  list(value: string, previous?: string[]): string[];
}

/** `certify.start`'s answer: the started run's credentials, with the run as the operator commands show it. */
interface StartAnswer extends Omit<StartedRun, 'run'> {
  run: { id: string; status: string; deadline: string };
}

/** The run's credentials as the environment of the integration's command (docs/certification.md lists them). */
export const commandEnvironment = (started: StartAnswer, signIn?: { email: string; password: string }): Record<string, string> => runEnvironment(started.run.id, started.url, started.credentials, signIn);

/** A baseline file: one check id per line (`- id` as in a YAML list works too); `#` starts a comment. */
export async function readBaseline(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the baseline ${file}: ${error.code ?? String(error)}`);
  });
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').replace(/^\s*-\s*/, '').trim())
    .filter(Boolean);
}

/**
 * The verdict of a report against a baseline: a MUST that did not pass fails the run unless the
 * baseline lists it; a listed check that now passes fails it too (the baseline is stale).
 */
export function verdict(report: Report, baseline: readonly string[]): { ok: boolean; unexpected: string[]; stale: string[] } {
  const listed = new Set(baseline);
  const unexpected = report.checks.filter((c) => c.level === 'MUST' && c.outcome !== 'pass' && !listed.has(c.id)).map((c) => c.id);
  const stale = report.checks.filter((c) => listed.has(c.id) && c.outcome === 'pass').map((c) => c.id);
  return { ok: unexpected.length === 0 && stale.length === 0, unexpected, stale };
}

export function reportTable(report: Report): string {
  const width = Math.max(...report.checks.map((c) => c.id.length));
  const rows = report.checks.map((c) => {
    const row = `${c.id.padEnd(width)}  ${c.level.padEnd(6)}  ${c.outcome.padEnd(7)}  ${c.summary}`;
    return c.explanation ? `${row}\n${' '.repeat(width + 19)}explained: ${c.explanation}` : row;
  });
  return [...rows, summaryLine(report), endedLine(report)].join('\n');
}

async function writeReports(report: Report, files: { html?: string; junit?: string }): Promise<void> {
  for (const [file, text] of [
    [files.html, () => renderReportHtml(report)],
    [files.junit, () => renderReportJunit(report)],
  ] as const) {
    if (!file) continue;
    await mkdir(dirname(resolve(file)), { recursive: true });
    await writeFile(file, text());
  }
}

type Call = (name: CommandName, args: unknown) => Promise<unknown>;

/** The server on the folder: the one holding it, or one started here (closed by `stop`). */
interface Host {
  call: Call;
  stop(): Promise<void>;
  server?: RunningServer;
}

async function serverFor(target: { data: string; databaseUrl?: string }, port: number, logFile: string): Promise<Host> {
  const config = defaultConfig({ dataDir: resolve(target.data), ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}), port, host: '127.0.0.1', logLevel: 'info' });
  config.outboundAllowlist = defaultOutboundAllowlist(config);
  // Its log goes to a file: stderr is the command's output and the run's progress, stdout the report's.
  await mkdir(dirname(resolve(logFile)), { recursive: true });
  const logStream = createWriteStream(logFile, { flags: 'a' });
  const closeLog = () => new Promise<void>((done) => logStream.end(done));
  try {
    const server = await startServer(config, { log: createLogger(config.logLevel, logStream) });
    return {
      call: (name, args) => runCommand(server.ctx, name, args),
      stop: async () => {
        await server.close();
        await closeLog();
      },
      server,
    };
  } catch (error) {
    await closeLog();
    if (error instanceof FolderLockedError && error.holder.operatorUrl && error.holder.operatorToken) {
      const holder = error.holder;
      return { call: (name, args) => forwardCommand(holder, name, args), stop: async () => undefined };
    }
    throw error;
  }
}

const startArgs = (o: Record<string, unknown>, orgId: string, startedBy: 'operator' | 'certify run') => ({
  orgId,
  startedBy,
  ...(o['name'] ? { name: o['name'] } : {}),
  ...(o['webhookUrl'] ? { webhookUrl: o['webhookUrl'] } : {}),
  ...(o['subscription'] ? { subscriptionId: o['subscription'] } : {}),
  ...(o['checks'] ? { checks: o['checks'] } : {}),
  ...(o['redirectUri'] ? { redirectUris: o['redirectUri'] } : {}),
  ...(o['timeout'] !== undefined ? { timeoutSeconds: o['timeout'] } : {}),
  ...(o['faultWindow'] !== undefined ? { faultWindowSeconds: o['faultWindow'] } : {}),
  ...(o['accessTokenTtl'] !== undefined ? { accessTokenTtlSeconds: o['accessTokenTtl'] } : {}),
});

/** `--org`, or the folder's only organisation (a fresh folder's demo one). */
async function orgOf(call: Call, given: unknown): Promise<string> {
  if (typeof given === 'string') return given;
  const orgs = (await call('org.list', {})) as Array<{ id: string }>;
  if (orgs.length !== 1) throw new Error(`the folder has ${orgs.length} organisations: name one with --org`);
  return (orgs[0] as { id: string }).id;
}

function runOptions(command: Command, parts: CliParts): Command {
  for (const option of parts.serverSettingOptions()) command.addOption(option);
  return command
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .option('--org <id>', 'organisation whose integration is certified (default: the folder’s only one)')
    .option('--name <name>', 'what is certified, shown in the report')
    .option('--webhook-url <url>', 'the integration’s webhook receiver (the webhook checks need it)')
    .option('--subscription <id>', 'instead of --webhook-url: probe this existing subscription of the organisation (whk_…; an integration that subscribes itself); the run leaves it in place')
    .option('--redirect-uri <uri>', 'the integration’s OAuth redirect URI (the OAuth checks need it; repeatable)', parts.list)
    .option('--checks <list>', 'groups (webhook, api, oauth) or check ids, comma-separated (default: every group whose inputs are given)', parts.list)
    .option('--timeout <duration>', 'the run ends by itself after this (default 15m)', parts.duration)
    .option('--fault-window <duration>', 'how long api.bounded-retries keeps answering 503 (default 60s)', parts.duration)
    .option('--access-token-ttl <duration>', 'lifetime of the run client’s access tokens (default 60s)', parts.duration)
    .option('--explain <check=text>', 'the integration’s explanation of a check, shown beside it in every report (repeatable)', (v: string, previous: string[] = []) => [...previous, v]);
}

/** Records each `--explain check=text` on the run just started. */
async function explainAll(call: Call, runId: string, given: unknown): Promise<void> {
  for (const pair of (given as string[] | undefined) ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--explain takes check=text, e.g. oauth.revokes-on-disconnect="…": got ${pair}`);
    await call('certify.explain', { runId, check: pair.slice(0, at), text: pair.slice(at + 1) });
  }
}

const exitCode = (code: number) => Object.assign(new Error(''), { certifyExit: code });

/** The exit code after SIGINT or SIGTERM, as a shell reports a process a signal ended: 128 + its number. */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** How the wait for the verdict ended, when the server did not decide it. */
type Interruption = { by: 'command'; exit: CommandExit } | { by: 'deadline' } | { by: 'signal'; signal: NodeJS.Signals };

/**
 * Waits for the run's verdict: the server decides it (every check decided, or its deadline);
 * otherwise the first of the command ending, the deadline passing or a signal to `certify run`
 * ends the wait. Every report seen goes to `progress`.
 */
async function awaitVerdict(host: Host, runId: string, deadline: number, interrupted: Promise<Interruption>, progress: ProgressLines): Promise<{ report: Report; interruption?: Interruption }> {
  let interruption: Interruption | undefined;
  void interrupted.then((why) => (interruption = why));
  let report = (await host.call('certify.status', { runId })) as Report;
  progress.see(report, Date.now());
  while (report.run.status === 'running') {
    if (!interruption && Date.now() > deadline) interruption = { by: 'deadline' };
    if (interruption) return { report, interruption };
    await Promise.race([interrupted, new Promise((done) => setTimeout(done, 250))]);
    report = (await host.call('certify.status', { runId })) as Report;
    progress.see(report, Date.now());
  }
  return { report };
}

/** What `certify finish` is told about why the run ends. */
function endOf(interruption: Interruption): Record<string, unknown> {
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

/** Exit code of a start refused because the organisation has the most running runs allowed: finish one, then start again. */
export const EXIT_RUN_LIMIT = 3;

/** The operator command's conflict (409): in-process and forwarded refusals both carry it. */
const refusedByRunLimit = (error: unknown): boolean => (error as { status?: unknown }).status === 409;

const couldNotStart = (error: unknown) => {
  process.stderr.write(`reference-server: the run could not start: ${(error as Error).message}\n`);
  return exitCode(refusedByRunLimit(error) ? EXIT_RUN_LIMIT : 2);
};

interface RunCommandOptions {
  data: string;
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
async function runWithCommand(o: Record<string, unknown> & RunCommandOptions): Promise<void> {
  const baseline = o.baseline ? await readBaseline(o.baseline) : [];
  const stopSignals = onStopSignals();
  const host = await serverFor(o, o.port, o.serverLog ?? join(o.data, 'certify-server.log')).catch((error: unknown) => {
    stopSignals.release();
    throw couldNotStart(error);
  });
  try {
    const started = (await host.call('certify.start', startArgs(o, await orgOf(host.call, o['org']), 'certify run')).catch((error: unknown) => {
      throw couldNotStart(error);
    })) as StartAnswer;
    await explainAll(host.call, started.run.id, o['explain']).catch(async (error: unknown) => {
      await host.call('certify.finish', { runId: started.run.id });
      throw couldNotStart(error);
    });
    process.stderr.write(`certification run ${started.run.id} started: ${started.url}\n`);
    const command = new IntegrationCommand(o.command, commandEnvironment(started, host.server?.demo?.user));
    const progress = new ProgressLines((line) => process.stderr.write(`${line}\n`), o.progressInterval ?? DEFAULT_PROGRESS_INTERVAL_MS, Date.now());
    const ended = Promise.race([command.exited.then((exit): Interruption => ({ by: 'command', exit })), stopSignals.signalled]);
    const waited = await awaitVerdict(host, started.run.id, Date.parse(started.run.deadline) + 5000, ended, progress);
    // The command stops before the run is finished: nothing it still sends is graded against a closed run.
    await command.stop();
    const report = waited.interruption ? ((await host.call('certify.finish', { runId: started.run.id, end: endOf(waited.interruption) })) as Report) : waited.report;
    progress.see(report, Date.now());
    await writeReports(report, { ...(o.report ? { html: o.report } : {}), ...(o.junit ? { junit: o.junit } : {}) });
    process.stdout.write(o.json ? `${JSON.stringify(report)}\n` : `${reportTable(report)}\n`);
    process.stderr.write(`${endedLine(report)}\n`);
    if (waited.interruption?.by === 'signal') throw exitCode(SIGNAL_EXIT[waited.interruption.signal] ?? 1);
    const result = verdict(report, baseline);
    if (result.unexpected.length) process.stderr.write(`MUST checks not passed: ${result.unexpected.join(', ')}\n`);
    if (result.stale.length) process.stderr.write(`the baseline is stale: these listed checks now pass: ${result.stale.join(', ')}\n`);
    if (!result.ok) throw exitCode(1);
  } finally {
    stopSignals.release();
    await host.stop();
  }
}

/** `certify verify|revoke|keys|rotate-key|withdraw-key`: the certificates a passed run is given (docs/certification.md#certificates). */
function addCertificateCommands(certify: Command, parts: CliParts): void {
  certify
    .command('verify')
    .description('verify an integration certificate (its page URL, its .jws URL, or a saved .jws file); exit 0 when valid')
    .argument('<certificate>', 'FILE or URL')
    .option('--keys <url|file>', "the issuer's key set (default: /.well-known/certificate-keys.json beside a certificate URL); a saved copy verifies offline")
    .option('--revoked <url|file>', "the issuer's revocation list (default: /certificates/revoked.json of the issuer, when reachable)")
    .action(async (source: string, o) => {
      const code = await verifyCommand(source, o, process);
      if (code !== 0) throw exitCode(code);
    });

  const print = (value: unknown): void => {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  };
  certify
    .command('revoke')
    .description('revoke an integration certificate: its page, badge and certify verify say so, with the reason')
    .argument('<certificateId>', 'the certificate, cer_…')
    .requiredOption('--reason <text>', 'why (shown publicly)')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (certificateId: string, o) => print(await parts.operate(o, 'certify.revoke', { certificateId, reason: o.reason })));
  certify
    .command('keys')
    .description('list the certificate signing keys: which one signs, which are still published')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (o) => print(await parts.operate(o, 'certify.keys', {})));
  certify
    .command('rotate-key')
    .description('a new certificate signing key signs from now on; the old one stays published until its certificates expire')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (o) => print(await parts.operate(o, 'certify.rotate-key', {})));
  certify
    .command('withdraw-key')
    .description('take a retired certificate signing key out of the published set at once: what it signed no longer verifies')
    .argument('<kid>', 'the key id')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (kid: string, o) => print(await parts.operate(o, 'certify.withdraw-key', { kid })));
}


/** `certify begin RUN`: the checks of a ready run begin (the workspace's "Start the checks"). */
function addBeginCommand(certify: Command, parts: CliParts): void {
  certify
    .command('begin')
    .description('begin the checks of a ready run, once the integration is configured with its credentials')
    .argument('<runId>', 'the run, crt_…')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (runId: string, o) => {
      const report = (await parts.operate(o, 'certify.begin', { runId })) as Report;
      process.stdout.write(`${summaryLine(report)}\n`);
    });
}

/** Adds `certify start|begin|run|status|report|explain|finish` and the certificate commands (docs/certification.md). */
export function addCertifyCommands(program: Command, parts: CliParts): void {
  const certify = program.command('certify').description("certify a partner's integration: the server grades its receiver and client");
  addCertificateCommands(certify, parts);

  runOptions(certify.command('start').description('make a run ready: prints its credentials (shown once) and its workspace URL; its checks begin with `certify begin`'), parts)
    .option('--json', 'print one JSON object', false)
    .option('--begin-now', 'begin the checks at once instead of waiting for `certify begin` (as `certify run` does)', false)
    .action(async (o) => {
      const call: Call = (name, args) => parts.operate(o, name, args);
      const started = (await call('certify.start', { ...startArgs(o, await orgOf(call, o.org), 'operator'), waitForBegin: !o.beginNow }).catch((error: unknown) => {
        throw refusedByRunLimit(error) ? couldNotStart(error) : error;
      })) as StartAnswer;
      await explainAll(call, started.run.id, o.explain);
      process.stdout.write(`${JSON.stringify(started, null, o.json ? 0 : 2)}\n`);
    });

  runOptions(certify.command('run').description('start a run, run COMMAND with its credentials, wait for the verdict; exit 0 only when every MUST passed'), parts)
    .requiredOption('--command <cmd>', 'the integration (or its test) to run, with the run’s credentials in its environment')
    .option('--baseline <file>', 'check ids known to fail, one per line: they do not fail the run, and fail it once they pass')
    .option('--port <port>', 'port of the server this command starts when none holds the folder (default: any free port)', (v) => Number(v), 0)
    .option('--json', 'print the report as JSON on stdout', false)
    .option('--report <file>', 'write the HTML report here')
    .option('--junit <file>', 'write a JUnit XML report here')
    .option('--server-log <file>', 'where the server this command starts writes its log (default: certify-server.log in the data folder)')
    .option('--progress-interval <duration>', 'how often the checks still pending are listed on stderr (default 30s)', (v: string) => parts.duration(v) * 1000)
    .action((o) => runWithCommand(o));

  addBeginCommand(certify, parts);

  certify
    .command('status')
    .description('print the report of a run so far')
    .argument('<runId>', 'the run, crt_…')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .option('--json', 'print the report as JSON', false)
    .action(async (runId: string, o) => {
      const report = (await parts.operate(o, 'certify.status', { runId })) as Report;
      process.stdout.write(o.json ? `${JSON.stringify(report)}\n` : `${reportTable(report)}\n`);
    });

  certify
    .command('report')
    .description('write the report of a run as HTML and/or JUnit')
    .argument('<runId>', 'the run, crt_…')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .option('--html <file>', 'write the HTML report here')
    .option('--junit <file>', 'write a JUnit XML report here')
    .action(async (runId: string, o) => {
      if (!o.html && !o.junit) throw new Error('give --html FILE and/or --junit FILE');
      const report = (await parts.operate(o, 'certify.status', { runId })) as Report;
      await writeReports(report, { html: o.html, junit: o.junit });
      process.stdout.write(`${summaryLine(report)}\n`);
    });

  certify
    .command('explain')
    .description('record the integration’s explanation of one check: why a SHOULD is not met, or who does the work it observes')
    .argument('<runId>', 'the run, crt_…')
    .argument('<check>', 'the check id, e.g. oauth.revokes-on-disconnect')
    .argument('<text>', 'the explanation')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (runId: string, check: string, text: string, o) => {
      const report = (await parts.operate(o, 'certify.explain', { runId, check, text })) as Report;
      process.stdout.write(`${summaryLine(report)}\n`);
    });

  addFinishCommand(certify, parts);
}

/** `certify finish RUN`: a passed run's certificate is issued here, in the servers' name (--certificate-issuer, on a database). */
function addFinishCommand(certify: Command, parts: CliParts): void {
  const finish = certify.command('finish');
  for (const option of parts.serverSettingOptions()) finish.addOption(option);
  finish
    .description('end a run now: its credentials stop working and what is pending becomes not_run')
    .argument('<runId>', 'the run, crt_…')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (runId: string, o) => {
      const report = (await parts.operate(o, 'certify.finish', { runId })) as Report;
      process.stdout.write(`${reportTable(report)}\n`);
    });
}

/** The exit code a `certify` action asked for, if the error is one. */
export const certifyExitCode = (error: unknown): number | undefined => (error as { certifyExit?: number }).certifyExit;
