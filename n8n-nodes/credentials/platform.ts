import type { IAuthenticateGeneric, Icon, ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

/**
 * What the platform's three credentials share: its icon, the Base URL every request is made
 * against, and (for the two keys) how a key is sent. Each credential keeps its own name, texts
 * and key field where n8n's lint reads them.
 */
export function platformIcon(): Icon {
	return {
		light: 'file:../nodes/EvaluationPlatform/evaluationPlatform.svg',
		dark: 'file:../nodes/EvaluationPlatform/evaluationPlatform.dark.svg',
	};
}

export const BASE_URL_DESCRIPTION = 'Address of the platform, without a trailing path';

export function baseUrlProperty(description = BASE_URL_DESCRIPTION): INodeProperties {
	return {
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		placeholder: 'https://platform.example.com',
		description,
		required: true,
	};
}

/** Both keys go in the `x-api-key` header. */
export function apiKeyHeader(): IAuthenticateGeneric {
	return {
		type: 'generic',
		properties: {
			headers: {
				'x-api-key': '={{$credentials.apiKey}}',
			},
		},
	};
}

/** The credential test's request to `path` on the Base URL, a trailing slash of it dropped. */
export function testRequest(path: string): ICredentialTestRequest['request'] {
	return {
		baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
		url: path,
	};
}
