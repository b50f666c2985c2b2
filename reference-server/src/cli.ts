import { resolve } from 'node:path';
import { Command } from 'commander';
import { backupDatabase, backupFolder, restoreFolder } from './cli-backup.js';
import { addCertifyCommands } from './certify-cli.js';
import { certifyExitCode } from './certify-output.js';
import { formatBanner, type BannerPlace } from './banner.js';
import { addOperatorCommands, databaseOption, dataOption, list, serverSettingOptions, storeTarget, type StoreTarget } from './cli-operator.js';
import { addStartCommand, duration } from './cli-start.js';
import { addStoreCommands } from './cli-store.js';
import { defaultConfig } from './config.js';
import { wakingServers } from './job-queues.js';
import { openSandbox } from './sandbox.js';
import { createLogger } from './log.js';
import { inProcess, remote, type CommandInput, type CommandName, type CommandOutput, type OperatorCall } from './operator/index.js';
import { FolderLockedError, redactConnectionString } from './store/index.js';

/**
 * Hands `work` the typed operator call on the sandbox. On a database: directly (any number of
 * writers). On a data folder: directly when no server holds it, otherwise through the holding
 * server's loopback operator endpoint, so there is only ever one writer.
 */
export async function withOperator<T>(where: string | StoreTarget, work: (call: OperatorCall) => Promise<T>): Promise<T> {
  const target = storeTarget(where);
  const config = defaultConfig({
    dataDir: resolve(target.data),
    ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
    ...(target.publicUrl ? { publicUrl: target.publicUrl } : {}),
    ...(target.allowOutbound ? { outboundAllowlist: target.allowOutbound } : {}),
    ...(target.certificateIssuer ? { certificateIssuer: target.certificateIssuer } : {}),
    ...(target.maxCertificationRuns ? { maxCertificationRuns: target.maxCertificationRuns } : {}),
    ...(target.maxCertificationRunsTotal ? { maxCertificationRunsTotal: target.maxCertificationRunsTotal } : {}),
    logLevel: 'silent',
    seed: false,
  });
  let sandbox;
  try {
    sandbox = await openSandbox(config, createLogger('silent'), { role: 'cli' });
  } catch (error) {
    if (error instanceof FolderLockedError && error.holder.operatorUrl && error.holder.operatorToken) return work(remote(error.holder));
    throw error;
  }
  try {
    return await work(inProcess(sandbox.database ? wakingServers(sandbox.ctx) : sandbox.ctx));
  } finally {
    await sandbox.close();
  }
}

/** One operator command on the sandbox (what the CLI's commands and the tests run). */
export const operate = <N extends CommandName>(where: string | StoreTarget, name: N, input: CommandInput<N>): Promise<CommandOutput<N>> =>
  withOperator(where, (call) => call(name, input));

/** What `seed` prints as where the sandbox is: the folder, or the database with its password hidden. */
const placeOf = (target: StoreTarget): BannerPlace =>
  target.databaseUrl ? { kind: 'database', shown: redactConnectionString(target.databaseUrl) } : { kind: 'folder', shown: resolve(target.data) };

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function buildCli(): Command {
  const program = new Command('reference-server')
    .description('Reference server of the partner integration service, and its operator commands')
    .showHelpAfterError()
    .exitOverride();

  addStartCommand(program);

  program
    .command('seed')
    .description('create the demo organisation and print its credentials (shown once)')
    .requiredOption('--demo', 'seed the demo organisation (the only seed there is)')
    .addOption(dataOption())
    .addOption(databaseOption())
    .option('--json', 'print one JSON object, for scripts', false)
    .action(async (options) => {
      const demo = await operate(options, 'seed.demo', {});
      if (options.json) process.stdout.write(`${JSON.stringify(demo)}\n`);
      else process.stdout.write(`${formatBanner('(not running)', placeOf(options), demo)}\n`);
    });

  program
    .command('backup')
    .description('write a consistent backup of a data folder (through the running server, if one holds it) or of a database (one snapshot)')
    .addOption(dataOption())
    .addOption(databaseOption())
    .requiredOption('--out <file>', 'backup file to write (gzip; holds the master key when the folder does: keep it secret)')
    .action(async (o) => print(o.databaseUrl ? await backupDatabase(o.databaseUrl, o.out) : await backupFolder(o.data, o.out)));

  program
    .command('restore')
    .description('restore a backup into an empty data folder')
    .requiredOption('--from <file>', 'backup file written by `backup`')
    .requiredOption('--data <dir>', 'empty (or absent) data folder to restore into')
    .action(async (o) => print(await restoreFolder(o.from, o.data)));

  addOperatorCommands(program, withOperator);

  addStoreCommands(program, print);

  addCertifyCommands(program, { dataOption, databaseOption, serverSettingOptions, withOperator, duration, list });

  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildCli();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    const code = (error as { code?: string; exitCode?: number }).code;
    if (typeof code === 'string' && code.startsWith('commander.')) return (error as { exitCode: number }).exitCode;
    const certify = certifyExitCode(error);
    if (certify !== undefined) return certify;
    process.stderr.write(`reference-server: ${(error as Error).message}\n`);
    return 1;
  }
}
