import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class EvaluationAssessmentApi implements ICredentialType {
	name = 'evaluationAssessmentApi';

	displayName = 'Evaluation Platform Assessment API';

	icon: Icon = {
		light: 'file:../nodes/EvaluationPlatform/evaluationPlatform.svg',
		dark: 'file:../nodes/EvaluationPlatform/evaluationPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#developer-key';

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
			displayName: 'Developer Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Your organization\'s developer key for the Assessment API (starts with pis_dev_). The platform\'s operator issues it: ask them for it. It is a different key from an automation key. <a href="https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#developer-key">How to get a key</a>',
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
			url: '/api/v1/assessment/questions',
		},
	};
}
