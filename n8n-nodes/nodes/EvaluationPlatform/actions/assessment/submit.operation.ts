import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { compact, objectParameter } from '../../helpers/common';
import { locatorProperty } from '../../helpers/locators';
import { restItems } from '../../helpers/rest';

const show = { resource: ['assessment'], operation: ['submit'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		displayOptions: { show },
		options: [
			{
				name: 'Fields',
				value: 'fields',
				description: 'Email, name and benchmark as fields, the answers as a JSON object',
			},
			{
				name: 'JSON Object',
				value: 'json',
				description: 'The whole submission as one JSON object, exactly as the API takes it',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		displayOptions: { show: { ...show, inputMode: ['fields'] } },
		default: '',
		description: 'Identifies the result: a later submit with the same email replaces it',
	},
	{
		displayName: 'Full Name',
		name: 'fullName',
		type: 'string',
		required: true,
		displayOptions: { show: { ...show, inputMode: ['fields'] } },
		default: '',
	},
	{
		displayName: 'Answers',
		name: 'answers',
		type: 'json',
		required: true,
		displayOptions: { show: { ...show, inputMode: ['fields'] } },
		default: '{\n  "q5": 4,\n  "q6": 2\n}',
		description:
			'Answers by question ID: q5 to q131 are required, integers 1 to 6; demographic and closing questions are optional. Get the questions with the Get Questions operation.',
	},
	{
		...locatorProperty(
			{
				displayName: 'Benchmark Tag',
				name: 'benchmarkTagId',
				searchListMethod: 'searchBenchmarkTags',
				required: false,
				description: 'Industry benchmark to score against; leave empty for the general norm',
			},
			{ ...show, inputMode: ['fields'] },
		),
	},
	{
		displayName: 'Submission',
		name: 'submission',
		type: 'json',
		required: true,
		displayOptions: { show: { ...show, inputMode: ['json'] } },
		default: '{\n  "email": "",\n  "full_name": ""\n}',
		description: 'The submit body: email, full_name, q5 to q131, optional benchmark_tag_id and other q keys',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	let body: IDataObject;
	if (this.getNodeParameter('inputMode', itemIndex) === 'json') {
		body = objectParameter(this, 'submission', itemIndex);
	} else {
		body = {
			...objectParameter(this, 'answers', itemIndex),
			...compact({
				email: this.getNodeParameter('email', itemIndex) as string,
				full_name: this.getNodeParameter('fullName', itemIndex) as string,
				benchmark_tag_id: this.getNodeParameter('benchmarkTagId', itemIndex, '', { extractValue: true }) as string,
			}),
		};
	}
	// One stored result per organization and email: resending the same body replaces it with itself.
	return await restItems(this, itemIndex, 'assessment', { method: 'POST', path: '/api/v1/assessment/submit', body, idempotent: true });
}
