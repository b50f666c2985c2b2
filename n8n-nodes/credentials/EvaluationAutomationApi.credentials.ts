import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { apiKeyHeader, baseUrlProperty, platformIcon, testRequest } from './platform';

export class EvaluationAutomationApi implements ICredentialType {
	name = 'evaluationAutomationApi';

	displayName = 'Evaluation Platform Automation API';

	icon: Icon = platformIcon();

	documentationUrl = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/n8n-nodes#automation-key';

	properties: INodeProperties[] = [
		baseUrlProperty(),
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

	authenticate: IAuthenticateGeneric = apiKeyHeader();

	test: ICredentialTestRequest = { request: testRequest('/api/automation/me') };
}
