import { parseArgs } from 'node:util';
import { formatTable, inPool, runCorrect, runMutant } from './harness.js';
import { MUTANTS } from './mutants.js';

const HELP = `Usage: npm run certify:mutants -- [--only REGEX] [--concurrency N]

Measures what the integration certification catches. A correct reference integration (receiver,
API client and OAuth client together) runs first through \`certify run --command\` and must pass
every MUST; then each mutant — the same integration with one deliberate bug — runs through the
same CLI with the check meant to catch it. Prints mutant | the check that must catch it | caught?
and "N of M mutants caught" last; exits 1 when a mutant survives or the correct one fails.

  --only REGEX      only the mutants whose id matches (the correct run is skipped)
  --concurrency N   runs at the same time, each its own server and folder (default 3)
`;

const { values } = parseArgs({ args: process.argv.slice(2), options: { only: { type: 'string' }, concurrency: { type: 'string', default: '3' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

let correctOk = true;
if (!values.only) {
  const correct = await runCorrect();
  const notPassed = correct.checks.filter((c) => c.level === 'MUST' && c.outcome !== 'pass');
  correctOk = correct.code === 0 && correct.checks.length > 0 && notPassed.length === 0;
  process.stdout.write(`correct integration: ${correctOk ? 'passes every MUST' : `FAILS (exit ${correct.code})`}\n`);
  for (const c of correct.checks) process.stdout.write(`  ${c.id.padEnd(34)} ${c.level.padEnd(6)} ${c.outcome.padEnd(7)} ${c.summary}\n`);
  if (!correct.checks.length) process.stdout.write(correct.stderr);
  process.stdout.write('\n');
}

const only = values.only ? new RegExp(values.only) : undefined;
const selected = MUTANTS.filter((m) => !only || only.test(m.id));
const results = await inPool(selected, Number(values.concurrency), runMutant);
const caught = results.filter((r) => r.caught).length;
process.stdout.write(`${formatTable(results)}\n\n${caught} of ${results.length} mutants caught\n`);
process.exit(caught === results.length && correctOk ? 0 : 1);
