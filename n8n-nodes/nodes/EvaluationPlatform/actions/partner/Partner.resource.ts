import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as getAssessmentResult from './getAssessmentResult.operation';
import * as getCurrentUser from './getCurrentUser.operation';
import * as getIntegrationStatus from './getIntegrationStatus.operation';
import * as getOrganization from './getOrganization.operation';

export const operations: Record<string, OperationModule> = {
	getCurrentUser,
	getOrganization,
	getAssessmentResult,
	getIntegrationStatus,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['partner'] } },
		options: [
			{
				name: 'Get Assessment Result',
				value: 'getAssessmentResult',
				description: "Get a person's scored assessment by email",
				action: 'Get an assessment result through the partner API',
			},
			{
				name: 'Get Current User',
				value: 'getCurrentUser',
				description: 'Get the user who connected this account',
				action: 'Get the current user',
			},
			{
				name: 'Get Integration Status',
				value: 'getIntegrationStatus',
				description: 'Get how this integration is connected: scopes and allowed operations',
				action: 'Get the integration status',
			},
			{
				name: 'Get Organization',
				value: 'getOrganization',
				description: 'Get the organisation the connected user acts for',
				action: 'Get the organization',
			},
		],
		default: 'getCurrentUser',
	},
	...getAssessmentResult.description,
];
