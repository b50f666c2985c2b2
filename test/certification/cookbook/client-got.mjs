// An Automation API client on `got` that passes every api.* check. got's defaults alone do not:
// it tries a request 3 times (retry.limit 2), so a longer outage fails the step, and it never
// retries a POST, so a create whose answer was lost is not sent again. It does wait out
// Retry-After (429, 503, 413) and backs off exponentially (1 s, 2 s, 4 s …) otherwise.
// Run by `certify run --command "node client-got.mjs"`: BASE_URL and AUTOMATION_KEY come from the run.
import { randomUUID } from 'node:crypto';
import got from 'got';

const api = got.extend({
  prefixUrl: `${process.env.BASE_URL}/api/automation`,
  headers: { 'x-api-key': process.env.AUTOMATION_KEY },
  retry: {
    // Six retries back off 1 + 2 + 4 + 8 + 16 + 32 s: they outlast the run's 60 s fault window with 7 requests.
    limit: 6,
    // POST too: a create carries its record_id, so sending it again is safe (the API answers the existing submission).
    methods: ['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'POST'],
  },
});

await api.get('me').json();
const profiles = await api.get('profiles').json();
// The record_id is made once, before the first attempt: every retry sends the same body.
const create = { record_id: `got-${randomUUID()}`, profile_id: profiles.data?.[0]?.id, fields: { company: 'Got Co', name: 'Gus Got', email: 'gus@got.example' } };
await api.post('submissions', { json: create }).json();

// got.paginate follows next_cursor until it is null.
const submissions = api.paginate('submissions', {
  pagination: {
    transform: (response) => JSON.parse(response.body).data,
    paginate: ({ response }) => {
      const next = JSON.parse(response.body).next_cursor;
      return next ? { searchParams: { cursor: next } } : false;
    },
  },
});
let count = 0;
for await (const _submission of submissions) count += 1;
console.log(`got: ${count} submission(s)`);
