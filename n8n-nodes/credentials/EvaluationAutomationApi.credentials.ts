import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class EvaluationAutomationApi implements ICredentialType {
	name = 'evaluationAutomationApi';

	displayName = 'Evaluation Platform Automation API';

	icon: Icon = {
		light: 'file:../nodes/EvaluationPlatform/evaluationPlatform.svg',
		dark: 'file:../nodes/EvaluationPlatform/evaluationPlatform.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-evaluation-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://platform.example.com',
			description: 'Address of the platform, without a trailing path',
			required: true,
		},
		{
			displayName: 'Automation Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'An automation integration key (starts with pis_auto_). An organization admin creates it in the workspace under Automation keys (Base URL + /workspace/keys); it is shown once. Sent in the x-api-key header.',
			required: true,
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'x-api-key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/automation/me',
		},
	};
}
