// `npm run e2e:n8n:search -- [--submissions N]`: a real n8n (the cached install of e2e:n8n) and a
// fresh reference server holding N submissions (10,000 unless told), tried as an n8n user picks a
// record: through the editor's own endpoint for a locator's "From list", type part of a person's
// name and find their submission in the first answer — for records spread over every age, through
// the automation key and through OAuth2. One line per check; exit 1 if any fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bulkSubmissions, startTestServer, type TestServer } from 'reference-server/testing';
import { signInEditor } from './editor.js';
import { ensureN8n } from './install-n8n.js';
import { freePort, n8nInstance } from './n8n-process.js';
import { credentialsFor, partnerTokens } from './setup.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { submissions: { type: 'string' }, samples: { type: 'string' } } });
const TOTAL = Number(values.submissions ?? 10_000);
const SAMPLES = Number(values.samples ?? 20);

// 25 first names × 40 surnames: each full name is shared by TOTAL / 1,000 submissions, as names are.
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken', 'Dennis', 'Radia', 'Tim', 'Sophie', 'Niklaus', 'Leslie', 'Karen', 'Bjarne', 'Guido', 'Hedy', 'Katherine', 'Linus', 'Mary', 'Tony', 'Shafi'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'McCarthy', 'Hamilton', 'Thompson', 'Ritchie', 'Perlman', 'Lee', 'Wilson', 'Wirth', 'Lamport', 'Jones', 'Stroustrup', 'Rossum', 'Lamarr', 'Johnson', 'Torvalds', 'Keller', 'Hoare', 'Goldwasser', 'Kay', 'Backus', 'Codd', 'Engelbart', 'Floyd', 'Gray', 'Hennessy', 'Iverson', 'Kahn', 'Milner', 'Naur', 'Patterson', 'Rivest', 'Sutherland', 'Yao'];
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;

/** The submission id of each record ID, read through the Automation API (newest first, every page). */
async function submissionIds(server: TestServer): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page = (await (
      await fetch(`${server.url}/api/automation/submissions?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'x-api-key': server.demo.automationKey } })
    ).json()) as { data: Array<{ id: string; record_id: string }>; next_cursor: string | null };
    for (const s of page.data) ids.set(s.record_id, s.id);
    cursor = page.next_cursor;
  }
  return ids;
}

async function main(): Promise<void> {
  const install = ensureN8n();
  const built = spawnSync('npm', ['run', 'build', '-w', 'n8n-nodes'], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build -w n8n-nodes failed:\n${built.stdout}\n${built.stderr}`);
  // The Automation API's per-key limit is for partners' traffic; this run reads every page once to learn the ids.
  const server = await startTestServer({ automationRateLimitPerMinute: 0 });
  const n8n = n8nInstance(install, { extensions: `${repo}n8n-nodes/dist`, port: await freePort() });
  let failures = 0;
  try {
    const started = Date.now();
    await bulkSubmissions(server, { count: TOTAL, prefix: 'size-', company: 'Size', name: nameOf });
    const ids = await submissionIds(server);
    console.log(`${TOTAL} submissions created in ${((Date.now() - started) / 1000).toFixed(0)} s; reference server ${server.url}`);
    const tokens = await partnerTokens(server, 'e2e-n8n-search');
    const imported = await n8n.cli([
      'import:credentials',
      `--input=${n8n.file('credentials.json', credentialsFor(server, tokens))}`,
    ]);
    console.log(`import:credentials: ${imported.trim().split('\n').slice(-2).join(' | ')}`);
    // /healthz answers before the editor's routes exist; /rest/settings (public) once they do.
    await n8n.start(async () => ((await fetch(`${n8n.webhookBase}rest/settings`).catch(() => undefined))?.ok ? true : undefined));
    const editor = await signInEditor(n8n.webhookBase);
    // Records spread over every age, the oldest first: record i is TOTAL - 1 - i records behind the newest.
    const picks = Array.from({ length: SAMPLES }, (_, k) => Math.round((k * (TOTAL - 1)) / (SAMPLES - 1)));
    for (const credential of ['automation', 'partner'] as const) {
      const times: number[] = [];
      let missed = 0;
      for (const i of picks) {
        const [first, last] = nameOf(i).split(' ') as [string, string];
        // What a person types: the start of the first name and the surname, any case.
        const typed = `${first.slice(0, 3).toLowerCase()} ${last}`;
        const want = ids.get(`size-${i}`);
        const before = performance.now();
        const found = await editor.searchSubmissions(credential, typed);
        times.push(performance.now() - before);
        if (!found.some((r) => r.value === want)) {
          missed += 1;
          console.log(`FAIL  ${credential}: "${typed}" did not find size-${i} (${TOTAL - 1 - i} behind the newest) in the first answer: ${JSON.stringify(found.slice(0, 3))}`);
        }
      }
      failures += missed;
      times.sort((a, b) => a - b);
      console.log(
        `${missed ? 'FAIL' : 'ok  '}  ${credential}: ${picks.length - missed} of ${picks.length} records (0 to ${TOTAL - 1} behind the newest) found in the first answer by typing part of the name; editor round trip median ${times[times.length >> 1]?.toFixed(0)} ms, slowest ${times.at(-1)?.toFixed(0)} ms`,
      );
    }
  } finally {
    await n8n.dispose();
    await server.dispose();
  }
  console.log(failures ? `\n${failures} check(s) failed.` : '\nEvery check passed.');
  process.exitCode = failures ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
