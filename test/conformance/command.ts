import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { CREDENTIAL_SOURCES, resolveCredentials, type CredentialName } from './credentials.js';
import { suiteVersion, writeHtmlReport } from './report-html.js';
import { formatResult, writeJunit } from './report.js';
import { summary } from './runner.js';
import { runConformance } from './suite.js';

const HELP = `Usage: npm run conformance -- [--base-url URL] [options]

Checks a deployment of the partner integration service against the spec and prints one line per
clause (PASS, FAIL with the request and response, SKIP with the reason). Exits 1 on any failure.
Without --base-url it starts a local reference server on a temporary data folder and uses the
demo credentials from its banner.

  --base-url URL             the deployment, e.g. https://partner.example.com
  --junit FILE               also write a JUnit XML report
  --report FILE.html         also write a self-contained HTML certification report: every
                             clause by surface, each check's requests and answers (redacted)
  --only REGEX               run only the checks whose id matches
  --require-all              a route of the spec the server lacks (404) fails its checks
                             instead of skipping them (use this to certify a deployment)
  --receiver-host HOST       where the webhook receiver listens (default 127.0.0.1)
  --receiver-url URL         the receiver's URL as the server must call it (default http://HOST:PORT)
${Object.values(CREDENTIAL_SOURCES)
  .map((s) => `  ${`${s.flag} VALUE`.padEnd(27)}or the environment variable ${s.env}`)
  .join('\n')}
`;

const flagName = (name: string) => name.replace(/^--/, '');

/** Runs the CLI; resolves to the exit code (0 all passed, 1 a check failed, 2 it could not run). */
export async function main(argv: string[], out: (text: string) => void = (text) => void process.stdout.write(text)): Promise<number> {
  const credentialOptions = Object.fromEntries(Object.values(CREDENTIAL_SOURCES).map((s) => [flagName(s.flag), { type: 'string' as const }]));
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      junit: { type: 'string' },
      report: { type: 'string' },
      only: { type: 'string' },
      'require-all': { type: 'boolean', default: false },
      'receiver-host': { type: 'string' },
      'receiver-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...credentialOptions,
    },
    strict: true,
  });
  if (values.help) {
    out(HELP);
    return 0;
  }
  const flags: Partial<Record<CredentialName, string>> = {};
  for (const [name, source] of Object.entries(CREDENTIAL_SOURCES) as [CredentialName, { flag: string }][]) {
    const value = (values as Record<string, unknown>)[flagName(source.flag)];
    if (typeof value === 'string') flags[name] = value;
  }

  let local: { server: ServerProcess; dataDir: string } | undefined;
  let baseUrl = values['base-url'] as string | undefined;
  let credentials = resolveCredentials(flags, process.env);
  if (!baseUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'conformance-'));
    const server = await startServerProcess(dataDir);
    local = { server, dataDir };
    baseUrl = server.url;
    credentials = { ...server.credentials, ...credentials };
    out(`No --base-url: started a reference server on ${baseUrl} (data ${dataDir}).\n`);
  }
  try {
    out(`Conformance of ${baseUrl}\n\n`);
    const started = new Date();
    const run = await runConformance({
      baseUrl,
      credentials,
      ...(values['receiver-host'] ? { receiverHost: values['receiver-host'] as string } : {}),
      ...(values['receiver-url'] ? { receiverUrl: values['receiver-url'] as string } : {}),
      ...(values.only ? { only: new RegExp(values.only as string) } : {}),
      ...(values['require-all'] ? { requireAllRoutes: true } : {}),
      onResult: (result, secrets) => out(`${formatResult(result, secrets)}\n`),
    });
    // npm runs workspace scripts in test/: a relative path means relative to where npm was started.
    if (values.junit) writeJunit(resolve(process.env.INIT_CWD ?? process.cwd(), values.junit as string), run.results, run.secrets, baseUrl);
    if (values.report) {
      const input = { baseUrl, results: run.results, secrets: run.secrets, date: started, version: suiteVersion(run.results), requireAll: Boolean(values['require-all']) };
      writeHtmlReport(resolve(process.env.INIT_CWD ?? process.cwd(), values.report as string), input);
    }
    const totals = summary(run.results);
    out(`\n${totals.line}\n`);
    return totals.failed > 0 || run.results.length === 0 ? 1 : 0;
  } finally {
    if (local) {
      await local.server.stop();
      await rm(local.dataDir, { recursive: true, force: true });
    }
  }
}
