import { parseArgs } from 'node:util';
import { runScale } from './scale.js';

const USAGE = `Usage:
  npm run scale -- [--servers 3] [--organisations 100] [--seconds 60] [--kill 1] [--concurrency 8] [--seed N]
      N servers on one embedded PostgreSQL, load over them, --kill of them killed with SIGKILL halfway
  npm run scale -- --file-store --servers 1 --kill 0 [...]
      the same load on one server on a data folder (checks the load itself, not the cluster)
Exits 1 unless no acknowledged write was lost and no event was delivered twice beyond those in flight at the kill.
`;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    servers: { type: 'string', default: '3' },
    organisations: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    kill: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string' },
    'file-store': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});

function whole(name: string, min: number): number {
  const n = Number(values[name as keyof typeof values]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} takes a whole number of at least ${min}`);
  return n;
}

if (values.help) {
  process.stdout.write(USAGE);
} else {
  const servers = whole('servers', 1);
  const kill = whole('kill', 0);
  if (kill >= servers) throw new Error('--kill must leave at least one server running');
  if (values['file-store'] && servers !== 1) throw new Error('--file-store runs one server: a data folder has one writer');
  const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`seed ${seed}`);
  const report = await runScale({
    servers,
    organisations: whole('organisations', 1),
    seconds: whole('seconds', 1),
    kill,
    concurrency: whole('concurrency', 1),
    seed,
    fileStore: values['file-store'],
    log,
  }).catch((error: unknown) => {
    // Before the load (a server that does not start): no figures to give, only the reason.
    log(`no load was run: ${(error as Error).message}`);
    process.exit(1);
  });
  const shown = report.problems.slice(0, 20);
  for (const problem of shown) log(`  ${problem}`);
  if (report.problems.length > shown.length) log(`  … and ${report.problems.length - shown.length} more`);
  log(
    `${report.requests} requests, ${report.acknowledgedWrites} acknowledged writes, ${report.lost} lost, ${report.events} events, ` +
      `${report.duplicates} delivered twice beyond ${report.inFlightAtKill} in flight at the kill, p99 ${report.p99Ms} ms`,
  );
  process.exitCode = report.lost === 0 && report.duplicates === 0 ? 0 : 1;
}
