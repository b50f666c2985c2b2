// A headless sign-in for a partner's CI: goes through the server's authorization pages over plain
// HTTP, as a person's browser would (sign in with SIGN_IN_EMAIL / SIGN_IN_PASSWORD when asked,
// then allow), and returns the URL the server sends the browser back to: the redirect URI with
// `code`, `state` and `iss`. Cookies are kept between the pages, forms are read for their hidden
// fields. A real person's browser does the same in production; nothing here is needed there.
const cookies = new Map();

async function browse(url, init = {}) {
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return response;
}

const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The hidden fields of the form that posts to `action`. */
function hiddenFields(html, action) {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const fields = {};
  for (const [tag] of form.slice(0, form.indexOf('</form>')).matchAll(/<input\b[^>]*>/g)) {
    const attribute = (name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (attribute('type') === 'hidden') fields[attribute('name')] = (attribute('value') ?? '').replace(/&(amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]);
  }
  return fields;
}

const post = (url, form) => browse(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

/** From the authorization URL to the redirect back (a URL with the code), signing in when the server asks. */
export async function signInHeadless(authorizationUrl, { email, password }) {
  const login = new URL('/api/oauth/authorize/login', authorizationUrl).href;
  const consent = new URL('/api/oauth/authorize/consent', authorizationUrl).href;
  let page = await browse(authorizationUrl);
  if (page.status !== 200) throw new Error(`the authorization page answered ${page.status}`);
  let html = await page.text();
  if (html.includes('action="/api/oauth/authorize/login"')) {
    const signedIn = await post(login, { ...hiddenFields(html, '/api/oauth/authorize/login'), email, password });
    page = await browse(new URL(signedIn.headers.get('location'), authorizationUrl));
    html = await page.text();
  }
  const allowed = await post(consent, { ...hiddenFields(html, '/api/oauth/authorize/consent'), decision: 'allow' });
  const back = allowed.headers.get('location');
  if (!back) throw new Error(`the consent page answered ${allowed.status} without sending the browser back`);
  return new URL(back);
}
