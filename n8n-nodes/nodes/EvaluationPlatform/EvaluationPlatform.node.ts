import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account/Account.resource';
import * as assessment from './actions/assessment/Assessment.resource';
import * as benchmarkTag from './actions/benchmarkTag/BenchmarkTag.resource';
import * as partner from './actions/partner/Partner.resource';
import * as profile from './actions/profile/Profile.resource';
import * as resource from './actions/resource/Resource.resource';
import * as submission from './actions/submission/Submission.resource';
import * as transcript from './actions/transcript/Transcript.resource';
import * as webhook from './actions/webhook/Webhook.resource';
import { router } from './actions/router';
import { requestOptionsProperty } from './helpers/common';
import { getBenchmarkTags, getPartnerProfiles, getProfiles } from './methods/loadOptions';

const AUTOMATION_RESOURCES = ['account', 'profile', 'submission', 'resource', 'transcript', 'webhook'];
const ASSESSMENT_RESOURCES = ['assessment', 'benchmarkTag'];
const PARTNER_RESOURCES = ['partner'];

export class EvaluationPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Evaluation Platform',
		name: 'evaluationPlatform',
		icon: { light: 'file:evaluationPlatform.svg', dark: 'file:evaluationPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Queue and read evaluations, attach files and transcripts, run assessments and query the partner API of the evaluation platform',
		defaults: { name: 'Evaluation Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'evaluationAutomationApi',
				required: true,
				displayOptions: { show: { resource: AUTOMATION_RESOURCES } },
			},
			{
				name: 'evaluationAssessmentApi',
				required: true,
				displayOptions: { show: { resource: ASSESSMENT_RESOURCES } },
			},
			{
				name: 'evaluationPartnerOAuth2Api',
				required: true,
				displayOptions: { show: { resource: PARTNER_RESOURCES } },
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Account',
						value: 'account',
						description: 'Automation API: the key owner and organisation',
					},
					{
						name: 'Assessment',
						value: 'assessment',
						description: 'Assessment API: questions, submissions with scores, results',
					},
					{
						name: 'Benchmark Tag',
						value: 'benchmarkTag',
						description: 'Assessment API: industry benchmarks to score against',
					},
					{
						name: 'Partner API',
						value: 'partner',
						description: 'Partner GraphQL API, signed in with OAuth2',
					},
					{
						name: 'Profile',
						value: 'profile',
						description: 'Automation API: profiles submissions are evaluated against',
					},
					{
						name: 'Resource',
						value: 'resource',
						description: 'Automation API: links and files attached to a submission',
					},
					{
						name: 'Submission',
						value: 'submission',
						description: 'Automation API: people and deals queued for evaluation',
					},
					{
						name: 'Transcript',
						value: 'transcript',
						description: 'Automation API: call and interview transcripts of a submission',
					},
					{
						name: 'Webhook',
						value: 'webhook',
						description: 'Automation API: event subscriptions',
					},
				],
				default: 'account',
			},
			...account.description,
			...assessment.description,
			...benchmarkTag.description,
			...partner.description,
			...profile.description,
			...submission.description,
			...resource.description,
			...transcript.description,
			...webhook.description,
			requestOptionsProperty,
		],
	};

	methods = {
		loadOptions: { getBenchmarkTags, getPartnerProfiles, getProfiles },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
