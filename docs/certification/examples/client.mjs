// An Automation API client that passes every api.* check of the integration certification.
// Run by `certify run --command "node client.mjs"`: BASE_URL and AUTOMATION_KEY come from the run.
import { randomUUID } from 'node:crypto';

const base = `${process.env.BASE_URL}/api/automation`;
const headers = { 'x-api-key': process.env.AUTOMATION_KEY, 'content-type': 'application/json' };
const MAX_ATTEMPTS = 8;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits out Retry-After when given, else backs off exponentially (1 s, 2 s, 4 s … 30 s); never more than MAX_ATTEMPTS. */
async function request(method, path, body) {
  for (let attempt = 1; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
    } catch (error) {
      // The connection dropped: the request may or may not have been carried out. The same body
      // (the same record_id) is safe to send again.
      if (attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.min(30, 2 ** (attempt - 1)) * 1000);
      continue;
    }
    if (response.status !== 429 && response.status < 500) return response;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${method} ${path}: HTTP ${response.status} after ${attempt} attempts`);
    const retryAfter = Number(response.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : Math.min(30, 2 ** (attempt - 1)) * 1000);
  }
}

const me = await (await request('GET', '/me')).json();
console.log(`signed in as ${me.user?.email ?? 'a key'}`);

const profiles = await (await request('GET', '/profiles')).json();
const created = await request('POST', '/submissions', {
  record_id: `certification-${randomUUID()}`, // made once, before the first attempt: every retry sends the same one
  profile_id: profiles.data[0].id,
  fields: { company: 'Certified Co', name: 'Cleo Certified', email: 'founder@certified.example' },
});
console.log(`create: HTTP ${created.status}`);

let cursor;
let seen = 0;
do {
  const page = await (await request('GET', `/submissions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).json();
  seen += page.data.length;
  cursor = page.next_cursor;
} while (cursor);
console.log(`listed ${seen} submissions`);
