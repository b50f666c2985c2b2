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
import * as integration from './actions/integration/Integration.resource';
import * as organization from './actions/organization/Organization.resource';
import * as profile from './actions/profile/Profile.resource';
import * as resource from './actions/resource/Resource.resource';
import * as submission from './actions/submission/Submission.resource';
import * as transcript from './actions/transcript/Transcript.resource';
import * as webhook from './actions/webhook/Webhook.resource';
import { router } from './actions/router';
import { authenticationProperties } from './helpers/authentication';
import { requestOptionsProperty } from './helpers/common';
import { getProfiles } from './methods/loadOptions';
import { searchBenchmarkTags, searchProfiles, searchSubmissions, searchWebhooks } from './methods/listSearch';

/** Resources named for what they are; where two APIs serve one, Authentication picks the API. */
export const RESOURCE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Account',
		value: 'account',
		description: 'Who the node acts as: the key owner or the signed-in user',
	},
	{
		name: 'Assessment',
		value: 'assessment',
		description: 'The psychometric assessment: questions, submissions with scores, results',
	},
	{
		name: 'Benchmark Tag',
		value: 'benchmarkTag',
		description: 'Industry benchmarks to score assessments against',
	},
	{
		name: 'Integration',
		value: 'integration',
		description: 'How a signed-in connection is set up: client, scopes, allowed operations',
	},
	{
		name: 'Organization',
		value: 'organization',
		description: 'The organization a signed-in user acts for',
	},
	{
		name: 'Profile',
		value: 'profile',
		description: 'Profiles submissions are evaluated against',
	},
	{
		name: 'Resource',
		value: 'resource',
		description: 'Links and files attached to a submission',
	},
	{
		name: 'Submission',
		value: 'submission',
		description: 'People and deals queued for evaluation, with their scores and report',
	},
	{
		name: 'Transcript',
		value: 'transcript',
		description: 'Call and interview transcripts of a submission',
	},
	{
		name: 'Webhook',
		value: 'webhook',
		description: 'Event subscriptions',
	},
];

export const OPERATION_PROPERTIES: INodeProperties[] = [
	...account.description,
	...assessment.description,
	...benchmarkTag.description,
	...integration.description,
	...organization.description,
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
			'={{({"account":{"getMe":"Get Me"},"assessment":{"getQuestions":"Get Questions","getResult":"Get Result","submit":"Submit"},"benchmarkTag":{"getAll":"Get Many"},"integration":{"getStatus":"Get Status"},"organization":{"get":"Get"},"profile":{"get":"Get","getAll":"Get Many"},"submission":{"create":"Create","get":"Get","getAll":"Get Many"},"resource":{"attach":"Attach","get":"Get","getAll":"Get Many"},"transcript":{"attach":"Attach","get":"Get","getAll":"Get Many"},"webhook":{"create":"Create","delete":"Delete","get":"Get","getAll":"Get Many"} }[$parameter["resource"]] || {})[$parameter["operation"]] + ": " + {"account":"Account","assessment":"Assessment","benchmarkTag":"Benchmark Tag","integration":"Integration","organization":"Organization","profile":"Profile","resource":"Resource","submission":"Submission","transcript":"Transcript","webhook":"Webhook"}[$parameter["resource"]]}}',
		description:
			'Queue and read evaluations, attach files and transcripts, and run assessments on the evaluation platform, with its keys or as a signed-in user',
		defaults: { name: 'Evaluation Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// One credential per Authentication value (AUTHENTICATION_CREDENTIAL): the way of signing in
		// chosen for the resource asks for its own credential, and only that one.
		credentials: [
			{
				name: 'evaluationAutomationApi',
				required: true,
				displayOptions: { show: { authentication: ['automationKey'] } },
			},
			{
				name: 'evaluationAssessmentApi',
				required: true,
				displayOptions: { show: { authentication: ['developerKey'] } },
			},
			{
				name: 'evaluationPartnerOAuth2Api',
				required: true,
				displayOptions: { show: { authentication: ['oAuth2'] } },
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
			...authenticationProperties,
			...OPERATION_PROPERTIES,
			requestOptionsProperty,
		],
	};

	methods = {
		loadOptions: { getProfiles },
		listSearch: { searchBenchmarkTags, searchProfiles, searchSubmissions, searchWebhooks },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
