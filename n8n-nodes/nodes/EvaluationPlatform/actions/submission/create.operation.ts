import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { arrayParameter, compact, objectParameter, settingsFor, toItems } from '../../helpers/common';
import { apiJson } from '../../transport';

const show = { resource: ['submission'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		required: true,
		displayOptions: { show },
		default: '',
		description:
			'Your own unique ID for this person or deal (e.g. the CRM record ID). Sending the same ID again returns the existing job instead of a duplicate.',
	},
	{
		displayName: 'Profile Name or ID',
		name: 'profileId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProfiles' },
		required: true,
		displayOptions: { show },
		default: '',
		description:
			'The profile to evaluate against. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Fields Input',
		name: 'fieldsInput',
		type: 'options',
		displayOptions: { show },
		options: [
			{ name: 'Key-Value Pairs', value: 'keyValue' },
			{ name: 'JSON Object', value: 'json' },
		],
		default: 'keyValue',
	},
	{
		displayName: 'Fields',
		name: 'fieldValues',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		displayOptions: { show: { ...show, fieldsInput: ['keyValue'] } },
		default: {},
		description: 'The person or deal attributes, e.g. email, name, company',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'email' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Fields (JSON)',
		name: 'fieldsJson',
		type: 'json',
		displayOptions: { show: { ...show, fieldsInput: ['json'] } },
		default: '{\n  "email": "",\n  "name": "",\n  "company": ""\n}',
		description: 'The person or deal attributes as one JSON object',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		displayOptions: { show },
		default: {},
		options: [
			{
				displayName: 'Filters (JSON)',
				name: 'filters',
				type: 'json',
				default: '[]',
				description: 'Optional filters as a JSON array',
			},
			{
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: 'n8n',
				description: 'Where the submission comes from, shown in the workspace',
			},
		],
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	let fields: IDataObject;
	if (this.getNodeParameter('fieldsInput', itemIndex) === 'json') {
		fields = objectParameter(this, 'fieldsJson', itemIndex);
	} else {
		const pairs = (this.getNodeParameter('fieldValues.field', itemIndex, []) as Array<{ name: string; value: string }>) ?? [];
		fields = Object.fromEntries(pairs.filter((p) => p.name).map((p) => [p.name, p.value]));
	}
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {
		record_id: this.getNodeParameter('recordId', itemIndex) as string,
		profile_id: this.getNodeParameter('profileId', itemIndex) as string,
		fields,
		...compact({ source: (additional.source as string | undefined) ?? 'n8n' }),
	};
	if (additional.filters !== undefined) {
		const filters = arrayParameter(this, 'additionalFields.filters', itemIndex);
		if (filters) body.filters = filters as IDataObject[];
	}
	// record_id is the idempotency key: a resend returns the job the first request queued.
	const queued = await apiJson.call(
		this,
		'automation',
		{ method: 'POST', path: '/api/automation/submissions', body, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(queued, itemIndex);
}
