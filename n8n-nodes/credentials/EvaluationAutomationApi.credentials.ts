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

	documentationUrl = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#automation-key';

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
				'An automation key (starts with pis_auto_). An organization admin creates it in the platform\'s workspace under Automation keys: your Base URL followed by /workspace/keys. It is shown once. <a href="https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#automation-key">How to get a key</a>',
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
