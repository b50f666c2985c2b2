// An OAuth client for the certifier's mutants: correct by default; FLAW names one deliberate bug.
// It drives the sign-in and consent forms over HTTP as a person's browser would, with the run's
// OAUTH_* variables and SIGN_IN_EMAIL / SIGN_IN_PASSWORD (given when `certify run` seeded the folder).
import { createHash, randomBytes } from 'node:crypto';

const FLAW = process.env.FLAW ?? '';
const env = process.env;
const TTL_MS = Number(env.OAUTH_ACCESS_TOKEN_TTL_SECONDS ?? 5) * 1000;
const GRACE_MS = 60_000; // the server's default refresh grace window
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cookies = new Map();

async function browse(url, init = {}) {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(new URL(url, env.BASE_URL), { ...init, redirect: 'manual', headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return response;
}

function hiddenFields(html, action) {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const fields = {};
  for (const [tag] of form.slice(0, form.indexOf('</form>')).matchAll(/<input\b[^>]*>/g)) {
    const attribute = (name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (attribute('type') === 'hidden') fields[attribute('name')] = (attribute('value') ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return fields;
}

const post = (path, form) => browse(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

/** The browser half: authorize, sign in if asked, consent; returns the code (or undefined). */
async function authorize() {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({ response_type: 'code', client_id: env.OAUTH_CLIENT_ID, redirect_uri: FLAW === 'loose-redirect' ? `${env.OAUTH_REDIRECT_URI}/other` : env.OAUTH_REDIRECT_URI });
  if (FLAW !== 'no-state-or-pkce') {
    query.set('state', randomBytes(16).toString('base64url'));
    query.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    query.set('code_challenge_method', 'S256');
  }
  let page = await browse(`${env.OAUTH_AUTHORIZE_URL}?${query}`);
  if (page.status !== 200) return undefined;
  let html = await page.text();
  if (html.includes('/api/oauth/authorize/login')) {
    const login = await post('/api/oauth/authorize/login', { ...hiddenFields(html, '/api/oauth/authorize/login'), email: env.SIGN_IN_EMAIL, password: env.SIGN_IN_PASSWORD });
    page = await browse(login.headers.get('location'));
    html = await page.text();
  }
  const consent = await post('/api/oauth/authorize/consent', { ...hiddenFields(html, '/api/oauth/authorize/consent'), decision: 'allow' });
  const back = new URL(consent.headers.get('location'));
  return { code: back.searchParams.get('code'), verifier: FLAW === 'no-state-or-pkce' ? undefined : verifier };
}

async function token(form) {
  const response = await fetch(env.OAUTH_TOKEN_URL, {
    method: 'POST',
    // The flaw: the exchange made from a browser page (fetch there sends Origin).
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(FLAW === 'browser-exchange' ? { origin: 'http://127.0.0.1:5173' } : {}) },
    body: new URLSearchParams({ ...form, client_id: env.OAUTH_CLIENT_ID, client_secret: env.OAUTH_CLIENT_SECRET }).toString(),
  });
  return response.json();
}

const granted = await authorize();
if (!granted) process.exit(0);
let tokens = await token({ grant_type: 'authorization_code', code: granted.code, redirect_uri: env.OAUTH_REDIRECT_URI, ...(granted.verifier ? { code_verifier: granted.verifier } : {}) });
await sleep(TTL_MS + 1000);
if (FLAW === 'signs-in-again') {
  await authorize(); // the flaw: an expired access token sends the user back to the consent page
  process.exit(0);
}
const first = tokens.refresh_token;
tokens = await token({ grant_type: 'refresh_token', refresh_token: first });
if (FLAW === 'reuses-rotated-token') {
  await sleep(GRACE_MS + 2000);
  await token({ grant_type: 'refresh_token', refresh_token: first }); // the flaw: the first refresh token, kept
  process.exit(0);
}
tokens = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
if (FLAW === 'never-revokes') process.exit(0);
await fetch(env.OAUTH_REVOKE_URL, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ token: tokens.refresh_token, client_id: env.OAUTH_CLIENT_ID, client_secret: env.OAUTH_CLIENT_SECRET }).toString(),
});
