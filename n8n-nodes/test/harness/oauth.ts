import { ClientOAuth2 } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import type { TestServer } from 'reference-server';

import { Browser, formFields } from '../../../reference-server/src/oauth/test-support';
import type { Engine } from './engine';

/** n8n's OAuth callback on a local instance: registered for the demo client. */
export const N8N_CALLBACK = 'http://localhost:5678/rest/oauth2-credential/callback';

/**
 * Connects a partner OAuth2 credential the way n8n's "Connect my account" does: n8n's own OAuth
 * client builds the authorize URL from the credential's resolved fields, a browser signs in and
 * consents on the server's pages, and n8n's client exchanges the code at the token URL.
 */
export async function connectPartnerCredential(
	server: TestServer,
	engine: Engine,
	id: string,
	/** Other credential fields as the user would fill them in, e.g. a narrower `scope`. */
	fields: ICredentialDataDecryptedObject = {},
): Promise<ICredentialDataDecryptedObject> {
	engine.credentials.add(id, 'evaluationPartnerOAuth2Api', {
		baseUrl: `${server.url}/`,
		clientId: server.demo.oauthClient.clientId,
		clientSecret: server.demo.oauthClient.clientSecret,
		...fields,
	});
	const resolved = await engine.credentials.getDecrypted({} as IWorkflowExecuteAdditionalData, { id, name: id }, 'evaluationPartnerOAuth2Api');
	const client = new ClientOAuth2({
		clientId: String(resolved.clientId),
		clientSecret: String(resolved.clientSecret),
		accessTokenUri: String(resolved.accessTokenUrl),
		authorizationUri: String(resolved.authUrl),
		redirectUri: N8N_CALLBACK,
		scopes: String(resolved.scope).split(' '),
		scopesSeparator: ' ',
		authentication: resolved.authentication === 'body' ? 'body' : 'header',
		state: 'n8n-state-1',
	});
	const authorize = new URL(client.code.getUri());
	const browser = new Browser(server.url);
	let page = await browser.get(authorize.pathname + authorize.search);
	let html = await page.text();
	if (html.includes('/api/oauth/authorize/login')) {
		const login = await browser.post('/api/oauth/authorize/login', {
			...formFields(html, '/api/oauth/authorize/login'),
			email: server.demo.user.email,
			password: server.demo.user.password,
		});
		page = await browser.get(login.headers.get('location') ?? '');
		html = await page.text();
	}
	const consent = await browser.post('/api/oauth/authorize/consent', { ...formFields(html, '/api/oauth/authorize/consent'), decision: 'allow' });
	const callback = consent.headers.get('location') ?? '';
	const token = await client.code.getToken(callback);
	const data = { ...engine.credentials.stored(id), oauthTokenData: token.data };
	engine.credentials.add(id, 'evaluationPartnerOAuth2Api', data);
	return data;
}
