// An Automation API client on `axios` with `axios-retry` that passes every api.* check.
// axios-retry's defaults alone do not: it retries 3 times *at once* (no delay) unless the answer
// carries Retry-After, so a 503 without it is hit 4 times in a few milliseconds, and a client
// that also retries around it multiplies that. It does retry network errors on any method (a POST
// whose answer was lost too) and 429/5xx on GET, HEAD, OPTIONS, PUT and DELETE.
// Run by `certify run --command "node client-axios-retry.mjs"`: BASE_URL and AUTOMATION_KEY come from the run.
import { randomUUID } from 'node:crypto';
import axios from 'axios';
import axiosRetry, { exponentialDelay } from 'axios-retry';

const api = axios.create({ baseURL: `${process.env.BASE_URL}/api/automation`, headers: { 'x-api-key': process.env.AUTOMATION_KEY } });
axiosRetry(api, {
  // Six retries, 1 s doubling (+ up to 20 % jitter), or Retry-After when longer: they outlast the
  // run's 60 s fault window with 7 requests. This is the only retry layer: nothing retries around it.
  retries: 6,
  retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, 500),
});

await api.get('/me');
const { data: profiles } = await api.get('/profiles');
// The record_id is made once, before the first attempt: a retry after a lost answer sends the same body.
const create = { record_id: `axios-${randomUUID()}`, profile_id: profiles.data?.[0]?.id, fields: { company: 'Axios Co', name: 'Ada Axios', email: 'ada@axios.example' } };
await api.post('/submissions', create);

let cursor;
let count = 0;
do {
  const { data: page } = await api.get('/submissions', { params: cursor ? { cursor } : {} });
  count += page.data.length;
  cursor = page.next_cursor;
} while (cursor);
console.log(`axios: ${count} submission(s)`);
