// An Automation API client on `ky` that passes every api.* check. ky's defaults alone do not: it
// tries a request 3 times (retry.limit 2) and never retries a POST. It does wait out Retry-After
// on 413, 429 and 503 and backs off exponentially (0.3 s, 0.6 s, 1.2 s …) otherwise.
// Run by `certify run --command "node client-ky.mjs"`: BASE_URL and AUTOMATION_KEY come from the run.
import { randomUUID } from 'node:crypto';
import ky from 'ky';

const api = ky.create({
  prefixUrl: `${process.env.BASE_URL}/api/automation`,
  headers: { 'x-api-key': process.env.AUTOMATION_KEY },
  retry: {
    // Eight retries from 1 s, doubling: they outlast the run's 60 s fault window with 7 requests.
    limit: 8,
    delay: (attempt) => 1000 * 2 ** (attempt - 1),
    // POST too: a create carries its record_id, so sending it again is safe.
    methods: ['get', 'put', 'head', 'delete', 'options', 'trace', 'post'],
  },
});

await api.get('me').json();
const profiles = await api.get('profiles').json();
// The record_id is made once, before the first attempt: every retry sends the same body.
const create = { record_id: `ky-${randomUUID()}`, profile_id: profiles.data?.[0]?.id, fields: { company: 'Ky Co', name: 'Kyra Ky', email: 'kyra@ky.example' } };
await api.post('submissions', { json: create }).json();

let cursor;
let count = 0;
do {
  const page = await api.get('submissions', { searchParams: cursor ? { cursor } : {} }).json();
  count += page.data.length;
  cursor = page.next_cursor;
} while (cursor);
console.log(`ky: ${count} submission(s)`);
