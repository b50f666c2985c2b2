import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { BASE_URL_DESCRIPTION, baseUrlProperty, platformIcon, testRequest } from './platform';

export class EvaluationPartnerOAuth2Api implements ICredentialType {
	name = 'evaluationPartnerOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Evaluation Platform Partner OAuth2 API';

	icon: Icon = platformIcon();

	documentationUrl = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#partner-oauth2';

	properties: INodeProperties[] = [
		{
			displayName:
				'The platform\'s operator registers your OAuth client (Client ID and Client Secret) with n8n\'s OAuth Redirect URL shown below. <a href="https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#partner-oauth2">How to connect</a>',
			name: 'oAuthClientNotice',
			type: 'notice',
			default: '',
		},
		baseUrlProperty(`${BASE_URL_DESCRIPTION}. The sign-in and token URLs are derived from it.`),
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			// n8n's OAuth2 flow then sends an S256 code challenge (and the verifier with the code): the
			// certification's oauth.state-and-pkce (RFC 9700 §2.1.1 asks PKCE of every client).
			default: 'pkce',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: '={{$self["baseUrl"].replace(/\\/+$/, "")}}/api/oauth/authorize',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: '={{$self["baseUrl"].replace(/\\/+$/, "")}}/api/oauth/token',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: 'basic profile all',
			description:
				'Space-separated scopes to ask for: basic (who you are), profile (read evaluations), all (also create submissions and read integrations)',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			...testRequest('/api'),
			method: 'POST',
			body: { query: 'query getUserDataQuery { me { email } }', operationName: 'getUserDataQuery' },
		},
	};
}
