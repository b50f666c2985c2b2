// An Automation API client for the certifier's mutants: correct by default (as the docs' client);
// FLAW names one deliberate bug. BASE_URL and AUTOMATION_KEY come from the run.
import { randomUUID } from 'node:crypto';

const FLAW = process.env.FLAW ?? '';
const base = `${process.env.BASE_URL}/api/automation`;
const headers = { 'x-api-key': process.env.AUTOMATION_KEY, 'content-type': 'application/json' };
const MAX_ATTEMPTS = FLAW === 'tight-loop' ? 100 : 8;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait before attempt `attempt + 1`, or undefined to give up on this request. */
function delay(status, retryAfter, attempt) {
  if (status === 429 && FLAW === 'hasty-429') return 0;
  if (status >= 500 && FLAW === 'gives-up-on-503') return undefined;
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  if (FLAW === 'tight-loop') return 50;
  return Math.min(30, 2 ** (attempt - 1)) * 1000;
}

async function request(method, path, body) {
  for (let attempt = 1; ; attempt += 1) {
    let response;
    try {
      const sent = typeof body === 'function' ? body() : body;
      response = await fetch(`${base}${path}`, { method, headers, body: sent && JSON.stringify(sent) });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.min(30, 2 ** (attempt - 1)) * 1000);
      continue;
    }
    if (response.status !== 429 && response.status < 500) return response;
    const wait = delay(response.status, Number(response.headers.get('retry-after')), attempt);
    if (wait === undefined || attempt >= MAX_ATTEMPTS) return response;
    await sleep(wait);
  }
}

const json = async (response) => (response.ok ? response.json() : {});

await request('GET', '/me');
const profiles = await json(await request('GET', '/profiles'));
const fields = { company: 'Mutant Co', name: 'Max Mutant', email: 'max@mutant.example' };
const recordId = `mutant-${randomUUID()}`;
// The flaw: the record_id is made per attempt, so a retry is a new submission.
const create = FLAW === 'new-record-id' ? () => ({ record_id: `mutant-${randomUUID()}`, profile_id: profiles.data?.[0]?.id, fields }) : { record_id: recordId, profile_id: profiles.data?.[0]?.id, fields };
await request('POST', '/submissions', create);

let cursor;
do {
  const page = await json(await request('GET', `/submissions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`));
  cursor = FLAW === 'first-page-only' ? undefined : page.next_cursor;
} while (cursor);
