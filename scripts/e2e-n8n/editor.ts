import { bulkSubmissions, type TestServer } from 'reference-server/testing';
import { CREDENTIALS } from './workflows.js';

/**
 * n8n's editor as a person drives it: the owner signed in, then the endpoint the editor calls to
 * fill a resource locator's "From list" (`/rest/dynamic-node-parameters/resource-locator-results`).
 */
export interface Editor {
  searchSubmissions(credential: 'automation' | 'partner', filter: string): Promise<Array<{ name: string; value: string }>>;
  /**
   * "Connect my account" on an OAuth2 credential, as the editor's button does it: n8n builds the
   * authorize URL (its state, its PKCE challenge, its callback as redirect URI), `consent` plays
   * the person in the browser and returns where the platform sent them back, and n8n's callback
   * exchanges the code from n8n's server and stores the tokens in the credential.
   */
  connectOAuth2(credentialId: string, consent: (authorizeUrl: string) => Promise<URL>): Promise<string>;
  /** what a user's "Delete" on a credential does */
  deleteCredential(credentialId: string): Promise<void>;
}

const OWNER = { email: 'owner@e2e.example', firstName: 'E2E', lastName: 'Owner', password: 'E2e-owner-Passw0rd' };
// n8n binds its auth cookie to the browser that signed in: every call sends the same id.
const BROWSER_ID = 'e2e-n8n-editor';

export async function signInEditor(editorUrl: string): Promise<Editor> {
  const setup = await fetch(`${editorUrl}rest/owner/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
    body: JSON.stringify(OWNER),
  });
  if (!setup.ok) throw new Error(`owner setup answered ${setup.status}: ${(await setup.text()).slice(0, 300)}`);
  const cookie = cookiesOf(setup);
  if (!cookie.includes('n8n-auth=')) throw new Error('owner setup set no n8n-auth cookie');
  return {
    async connectOAuth2(credentialId, consent) {
      const auth = await fetch(`${editorUrl}rest/oauth2-credential/auth?id=${encodeURIComponent(credentialId)}`, { headers: { cookie, 'browser-id': BROWSER_ID } });
      const text = await auth.text();
      if (!auth.ok) throw new Error(`oauth2-credential/auth answered ${auth.status}: ${text.slice(0, 300)}`);
      const authorizeUrl = (JSON.parse(text) as { data: string }).data;
      const callback = await consent(authorizeUrl);
      // n8n may bind the flow to the browser that started it with a cookie of its own.
      const flowCookie = [cookie, cookiesOf(auth)].filter(Boolean).join('; ');
      const done = await fetch(callback, { headers: { cookie: flowCookie, 'browser-id': BROWSER_ID } });
      const page = await done.text();
      if (!done.ok || !page.includes('Connection successful')) {
        throw new Error(`n8n's OAuth2 callback answered ${done.status}: ${page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 400)}`);
      }
      return authorizeUrl;
    },
    async deleteCredential(credentialId) {
      const deleted = await fetch(`${editorUrl}rest/credentials/${encodeURIComponent(credentialId)}`, { method: 'DELETE', headers: { cookie, 'browser-id': BROWSER_ID } });
      if (!deleted.ok) throw new Error(`deleting credential ${credentialId} answered ${deleted.status}: ${(await deleted.text()).slice(0, 300)}`);
    },
    async searchSubmissions(credential, filter) {
      const { id, name, type } = CREDENTIALS[credential];
      const response = await fetch(`${editorUrl}rest/dynamic-node-parameters/resource-locator-results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'browser-id': BROWSER_ID },
        body: JSON.stringify({
          nodeTypeAndVersion: { name: 'CUSTOM.evaluationPlatform', version: 1 },
          path: 'parameters.submission',
          methodName: 'searchSubmissions',
          filter,
          // The editor sends every parameter with its value, defaults included: n8n shows a node a
          // credential only when these parameters select it (here by Authentication).
          currentNodeParameters: { resource: 'submission', operation: 'get', authentication: credential === 'partner' ? 'oAuth2' : 'automationKey' },
          credentials: { [type]: { id, name } },
        }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`resource-locator-results answered ${response.status}: ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { data?: { results?: Array<{ name: string; value: string }> }; results?: Array<{ name: string; value: string }> };
      return body.data?.results ?? body.results ?? [];
    },
  };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

/** 150 submissions newer than one person's, so she is outside the newest 100; returns her submission id. */
export async function olderThanAPage(server: TestServer): Promise<string> {
  const created = await fetch(`${server.url}/api/automation/submissions`, {
    method: 'POST',
    headers: { 'x-api-key': server.demo.automationKey, 'content-type': 'application/json' },
    body: JSON.stringify({ record_id: 'e2e-ada', profile_id: 'prf_seed_deal', fields: { name: 'Ada Lovelace', company: 'Analytical Engines' } }),
  });
  const { submission_id: id } = (await created.json()) as { submission_id: string };
  await bulkSubmissions(server, { count: 150, prefix: 'e2e-bulk-', company: 'Bulk' });
  return id;
}
