import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account/Account.resource';
import * as assessment from './actions/assessment/Assessment.resource';
import * as benchmarkTag from './actions/benchmarkTag/BenchmarkTag.resource';
import * as partner from './actions/partner/Partner.resource';
import { router } from './actions/router';
import { requestOptionsProperty } from './helpers/common';
import { getBenchmarkTags, getProfiles } from './methods/loadOptions';

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
				],
				default: 'account',
			},
			...account.description,
			...assessment.description,
			...benchmarkTag.description,
			...partner.description,
			requestOptionsProperty,
		],
	};

	methods = {
		loadOptions: { getBenchmarkTags, getProfiles },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
