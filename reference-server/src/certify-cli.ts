import type { Command } from 'commander';
import { summaryLine } from './certification/index.js';
import { addCertificateCommands } from './certify-certificates-cli.js';
import { reportTable, writeReports } from './certify-output.js';
import { couldNotStart, explainAll, orgOf, refusedByRunLimit, runWithCommand, startInput } from './certify-run.js';
import type { CliParts, StoreTarget } from './cli-operator.js';

/**
 * The `certify` commands (docs/certification.md): their options and what each prints. A run's
 * life under `certify run` is certify-run.ts; the certificate commands certify-certificates-cli.ts.
 */

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

/** `certify begin RUN`: the checks of a ready run begin (the workspace's "Start the checks"). */
function addBeginCommand(certify: Command, parts: CliParts): void {
  certify
    .command('begin')
    .description('begin the checks of a ready run, once the integration is configured with its credentials')
    .argument('<runId>', 'the run, crt_…')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (runId: string, o: StoreTarget) => {
      const report = await parts.withOperator(o, (call) => call('certify.begin', { runId }));
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
      const started = await parts.withOperator(o, async (call) => {
        const made = await call('certify.start', { ...startInput(o, await orgOf(call, o.org), 'operator'), waitForBegin: !o.beginNow }).catch((error: unknown) => {
          throw refusedByRunLimit(error) ? couldNotStart(error) : error;
        });
        await explainAll(call, made.run.id, o.explain);
        return made;
      });
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
      const report = await parts.withOperator(o, (call) => call('certify.status', { runId }));
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
      const report = await parts.withOperator(o, (call) => call('certify.status', { runId }));
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
      const report = await parts.withOperator(o, (call) => call('certify.explain', { runId, check, text }));
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
      const report = await parts.withOperator(o, (call) => call('certify.finish', { runId }));
      process.stdout.write(`${reportTable(report)}\n`);
    });
}

