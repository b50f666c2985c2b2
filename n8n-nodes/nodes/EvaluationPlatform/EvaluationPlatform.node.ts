import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
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
import { getPartnerProfiles, getProfiles } from './methods/loadOptions';
import { searchBenchmarkTags, searchProfiles, searchSubmissions, searchWebhooks } from './methods/listSearch';

const AUTOMATION_RESOURCES = ['account', 'profile', 'submission', 'resource', 'transcript', 'webhook'];
const ASSESSMENT_RESOURCES = ['assessment', 'benchmarkTag'];
const PARTNER_RESOURCES = ['partner'];

export const RESOURCE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Account',
		value: 'account',
		description: 'Automation API: the key owner and organization',
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
		description: 'Submissions, profiles and results through a partner sign-in (OAuth2)',
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
];

export const OPERATION_PROPERTIES: INodeProperties[] = [
	...account.description,
	...assessment.description,
	...benchmarkTag.description,
	...partner.description,
	...profile.description,
	...submission.description,
	...resource.description,
	...transcript.description,
	...webhook.description,
];

export class EvaluationPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Evaluation Platform',
		name: 'evaluationPlatform',
		icon: { light: 'file:evaluationPlatform.svg', dark: 'file:evaluationPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		// The labels of the chosen resource and operation; a test checks it against labelSubtitle().
		subtitle:
			'={{({"account":{"getMe":"Get Me"},"assessment":{"getQuestions":"Get Questions","getResult":"Get Result","submit":"Submit"},"benchmarkTag":{"getAll":"Get Many"},"partner":{"createSubmission":"Create Submission","getAssessmentResult":"Get Assessment Result","getCurrentUser":"Get Current User","getIntegrationStatus":"Get Integration Status","getProfiles":"Get Many Profiles","getSubmissions":"Get Many Submissions","getWebhookSubscriptions":"Get Many Webhook Subscriptions","getOrganization":"Get Organization","getSubmission":"Get Submission"},"profile":{"get":"Get","getAll":"Get Many"},"submission":{"create":"Create","get":"Get","getAll":"Get Many"},"resource":{"attach":"Attach","get":"Get","getAll":"Get Many"},"transcript":{"attach":"Attach","get":"Get","getAll":"Get Many"},"webhook":{"create":"Create","delete":"Delete","get":"Get","getAll":"Get Many"} }[$parameter["resource"]] || {})[$parameter["operation"]] + ": " + {"account":"Account","assessment":"Assessment","benchmarkTag":"Benchmark Tag","partner":"Partner API","profile":"Profile","resource":"Resource","submission":"Submission","transcript":"Transcript","webhook":"Webhook"}[$parameter["resource"]]}}',
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
				options: RESOURCE_OPTIONS,
				default: 'account',
			},
			...OPERATION_PROPERTIES,
			requestOptionsProperty,
		],
	};

	methods = {
		loadOptions: { getPartnerProfiles, getProfiles },
		listSearch: { searchBenchmarkTags, searchProfiles, searchSubmissions, searchWebhooks },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
