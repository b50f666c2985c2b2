import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as createSubmission from './createSubmission.operation';
import * as getAssessmentResult from './getAssessmentResult.operation';
import * as getCurrentUser from './getCurrentUser.operation';
import * as getIntegrationStatus from './getIntegrationStatus.operation';
import * as getOrganization from './getOrganization.operation';
import * as getProfiles from './getProfiles.operation';
import * as getSubmission from './getSubmission.operation';
import * as getSubmissions from './getSubmissions.operation';
import * as getWebhookSubscriptions from './getWebhookSubscriptions.operation';

export const operations: Record<string, OperationModule> = {
	getCurrentUser,
	getOrganization,
	getAssessmentResult,
	getIntegrationStatus,
	getSubmissions,
	getSubmission,
	createSubmission,
	getProfiles,
	getWebhookSubscriptions,
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
				name: 'Create Submission',
				value: 'createSubmission',
				description: 'Queue a company or candidate for evaluation against a profile',
				action: 'Create a submission through the partner API',
			},
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
				name: 'Get Many Profiles',
				value: 'getProfiles',
				description: 'List the profiles submissions are evaluated against',
				action: 'Get many profiles through the partner API',
			},
			{
				name: 'Get Many Submissions',
				value: 'getSubmissions',
				description: 'List submissions, newest first',
				action: 'Get many submissions through the partner API',
			},
			{
				name: 'Get Many Webhook Subscriptions',
				value: 'getWebhookSubscriptions',
				description: "List the organization's webhook subscriptions (never their secrets)",
				action: 'Get many webhook subscriptions through the partner account',
			},
			{
				name: 'Get Organization',
				value: 'getOrganization',
				description: 'Get the organization the connected user acts for',
				action: 'Get the organization',
			},
			{
				name: 'Get Submission',
				value: 'getSubmission',
				description: 'Get one submission with its scores, founders and report',
				action: 'Get a submission through the partner API',
			},
		],
		default: 'getCurrentUser',
	},
	...getAssessmentResult.description,
	...getSubmissions.description,
	...getSubmission.description,
	...createSubmission.description,
	...getWebhookSubscriptions.description,
];
