import { parseArgs } from 'node:util';
import { startTestServer } from 'reference-server/testing';
import { ALL_MUTANTS } from '../checks/mutants.js';
import { fromDemo } from '../credentials.js';
import { formatResult } from '../report.js';
import { formatTable, isCaught, runMutants, type FreshServer } from './harness.js';

const HELP = `Usage: npm run conformance:mutants -- [--only REGEX] [--concurrency N] [--all-checks | --focused]

Measures what the conformance suite catches. For each mutant — a realistic deployment bug against
one clause, injected by a proxy in front of a real reference server — it starts a fresh reference
server on a temporary folder (127.0.0.1), runs the suite through the proxy — the checks of the
mutant's own clause first, then every other check, until one catches it — and prints
mutant | clause | caught by. A control run of every check without a bug comes first and must
pass. The last line is "N of M mutants caught"; the exit code is 1 when one survived.

  --only REGEX      only the mutants whose id matches
  --concurrency N   mutants run at the same time, each on its own server (default 2)
  --all-checks      run every check against every mutant and list every check that caught it
  --focused         run only the checks of each mutant's own clause (quickest)
  --timeout S       stop a run after S seconds and report it as not caught (default 900)
`;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    only: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    focused: { type: 'boolean', default: false },
    'all-checks': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '900' },
    help: { type: 'boolean', short: 'h' },
  },
});

/** A reference server in this process on a fresh temporary folder (no process start per mutant: there are ~100). */
async function freshServer(): Promise<FreshServer> {
  const server = await startTestServer();
  return { url: server.url, credentials: fromDemo(server.demo), stop: () => server.dispose() };
}

if (values.help) {
  process.stdout.write(HELP);
} else {
  const only = values.only ? new RegExp(values.only) : undefined;
  const mutants = ALL_MUTANTS.filter((m) => !only || only.test(m.id));
  const out = (text: string) => void process.stdout.write(text);
  const mode = values.focused ? 'focused' : values['all-checks'] ? 'all' : 'first';
  const modes = { focused: 'each against its own clause only', all: 'each against every check', first: 'each against its own clause, then the rest of the suite until caught' };
  out(`${mutants.length} mutants, ${values.concurrency} at a time, ${modes[mode]}\n\n`);
  const started = performance.now();
  const timeoutMs = Math.max(1, Number(values.timeout) || 900) * 1000;
  const [control] = await runMutants([undefined], { start: freshServer, timeoutMs });
  if (!control || control.error || control.caughtBy.length) {
    out(`The control run (no bug) did not pass, so no mutant result would mean anything:\n${control?.error ?? ''}\n`);
    for (const result of control?.caughtBy ?? []) out(`${formatResult(result, new Map())}\n`);
    process.exitCode = 2;
  } else {
    out(`control (no bug): every check passed in ${(control.ms / 1000).toFixed(1)} s\n`);
    const outcomes = await runMutants(mutants, {
      start: freshServer,
      timeoutMs,
      concurrency: Math.max(1, Number(values.concurrency) || 1),
      mode,
      onOutcome: (o) => out(`${isCaught(o) ? 'caught  ' : 'SURVIVED'} ${o.mutant?.id ?? ''} (${(o.ms / 1000).toFixed(1)} s)\n`),
    });
    out(`\nfinished in ${((performance.now() - started) / 1000).toFixed(0)} s\n\n${formatTable(outcomes)}\n`);
    process.exitCode = outcomes.every(isCaught) ? 0 : 1;
  }
}
