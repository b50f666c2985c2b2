import { Browser, formFields } from './browser.js';

const LOGIN = '/api/oauth/authorize/login';
const CONSENT = '/api/oauth/authorize/consent';

/** The server a sign-in happens on: its URL and the demo user (a TestServer fits). */
export interface SignInServer {
  url: string;
  demo: { user: { email: string; password: string } };
}

export interface SignInOptions {
  /** A browser that may already be signed in (its session cookie is then reused). */
  browser?: Browser;
  /** Defaults to the demo user. */
  email?: string;
  password?: string;
  decision?: 'allow' | 'deny';
}

/**
 * The browser half of an authorization code grant, as a person does it: opens the authorize URL
 * (any client builds it: n8n's OAuth client, the Zapier app, a test), signs in on the login page
 * if one is shown, answers the consent page, and returns the redirect back to the client.
 */
export async function signInAndConsent(server: SignInServer, authorizeUrl: string | URL, options: SignInOptions = {}): Promise<URL> {
  const browser = options.browser ?? new Browser(server.url);
  const target = new URL(authorizeUrl, server.url);
  let page = await browser.get(target.pathname + target.search);
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${page.headers.get('location') ?? (await page.text())}`);
  let html = await page.text();
  if (html.includes(LOGIN)) {
    const login = await browser.post(LOGIN, {
      ...formFields(html, LOGIN),
      email: options.email ?? server.demo.user.email,
      password: options.password ?? server.demo.user.password,
    });
    if (login.status !== 303) throw new Error(`login answered ${login.status}`);
    page = await browser.get(login.headers.get('location') as string);
    html = await page.text();
  }
  const answer = await browser.post(CONSENT, { ...formFields(html, CONSENT), decision: options.decision ?? 'allow' });
  if (answer.status !== 303) throw new Error(`consent answered ${answer.status}`);
  return new URL(answer.headers.get('location') as string);
}

/**
 * Signs a browser in to the workspace through its sign-in page, as a person does (the demo user
 * unless told otherwise), and returns it; throws unless the page sends it on to the workspace.
 */
export async function signInToWorkspace(server: SignInServer, options: Pick<SignInOptions, 'browser' | 'email' | 'password'> = {}): Promise<Browser> {
  const browser = options.browser ?? new Browser(server.url);
  const page = await (await browser.get('/api/oauth/sign-in?return_to=/workspace')).text();
  const answer = await browser.post('/api/oauth/sign-in', {
    ...formFields(page, '/api/oauth/sign-in'),
    email: options.email ?? server.demo.user.email,
    password: options.password ?? server.demo.user.password,
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || location !== '/workspace') throw new Error(`workspace sign-in answered ${answer.status} ${location ?? ''}`);
  return browser;
}
