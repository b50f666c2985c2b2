import { createHash, randomBytes } from 'node:crypto';

import { ClientOAuth2 } from '@n8n/client-oauth2';
import type { ICredentialDataDecryptedObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { signInAndConsent, type TestServer } from 'reference-server/testing';

import type { Engine } from './engine';

/** n8n's OAuth callback on a local instance: registered for the demo client. */
export const N8N_CALLBACK = 'http://localhost:5678/rest/oauth2-credential/callback';

/**
 * Connects a partner OAuth2 credential the way n8n's "Connect my account" does: n8n's own OAuth
 * client builds the authorize URL from the credential's resolved fields, a browser signs in and
 * consents on the server's pages, and n8n's client exchanges the code at the token URL. With the
 * `pkce` grant type it adds an S256 challenge and sends the verifier with the code, as n8n's
 * OAuth2 credential controller does.
 */
export async function connectPartnerCredential(
	server: TestServer,
	engine: Engine,
	id: string,
	/** Other credential fields as the user would fill them in, e.g. a narrower `scope` or another client. */
	fields: ICredentialDataDecryptedObject = {},
): Promise<ICredentialDataDecryptedObject> {
	engine.credentials.add(id, 'evaluationPartnerOAuth2Api', {
		baseUrl: `${server.url}/`,
		clientId: server.demo.oauthClient.clientId,
		clientSecret: server.demo.oauthClient.clientSecret,
		...fields,
	});
	const resolved = await engine.credentials.getDecrypted({} as IWorkflowExecuteAdditionalData, { id, name: id }, 'evaluationPartnerOAuth2Api');
	const verifier = randomBytes(32).toString('base64url');
	const pkce = resolved.grantType === 'pkce';
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
		...(pkce ? { query: { code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' } } : {}),
	});
	const callback = await signInAndConsent(server, client.code.getUri());
	const token = await client.code.getToken(callback.href, pkce ? { body: { code_verifier: verifier } } : {});
	const data = { ...engine.credentials.stored(id), oauthTokenData: token.data };
	engine.credentials.add(id, 'evaluationPartnerOAuth2Api', data);
	return data;
}
