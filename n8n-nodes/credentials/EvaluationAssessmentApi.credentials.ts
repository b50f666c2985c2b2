import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { apiKeyHeader, baseUrlProperty, platformIcon, testRequest } from './platform';

export class EvaluationAssessmentApi implements ICredentialType {
	name = 'evaluationAssessmentApi';

	displayName = 'Evaluation Platform Assessment API';

	icon: Icon = platformIcon();

	documentationUrl = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#developer-key';

	properties: INodeProperties[] = [
		baseUrlProperty(),
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

	authenticate: IAuthenticateGeneric = apiKeyHeader();

	test: ICredentialTestRequest = { request: testRequest('/api/v1/assessment/questions') };
}
