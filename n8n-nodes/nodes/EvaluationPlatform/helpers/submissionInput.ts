import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { additionalFieldsProperty, arrayParameter, objectParameter } from './common';

/**
 * The parameters of a submission to create, whichever API creates it (automation key or OAuth2):
 * both create the same record, so they ask the same questions. The profile picker (`profileId`,
 * a resource locator) lists profiles through the chosen credential.
 */
export function submissionInputProperties(show: IDisplayOptions['show'], profileProperty: INodeProperties): INodeProperties[] {
	return [
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
		profileProperty,
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
		additionalFieldsProperty(show, [
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
		]),
	];
}

export interface SubmissionInput {
	recordId: string;
	profileId: string;
	fields: IDataObject;
	filters?: unknown[];
	source?: string;
}

/** The submission the parameters describe for this item. */
export function readSubmissionInput(context: IExecuteFunctions, itemIndex: number): SubmissionInput {
	let fields: IDataObject;
	if (context.getNodeParameter('fieldsInput', itemIndex) === 'json') {
		fields = objectParameter(context, 'fieldsJson', itemIndex);
	} else {
		const pairs = (context.getNodeParameter('fieldValues.field', itemIndex, []) as Array<{ name: string; value: string }>) ?? [];
		fields = Object.fromEntries(pairs.filter((p) => p.name).map((p) => [p.name, p.value]));
	}
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const input: SubmissionInput = {
		recordId: context.getNodeParameter('recordId', itemIndex) as string,
		profileId: profileIdOf(context.getNodeParameter('profileId', itemIndex) as string | INodeParameterResourceLocator),
		fields,
	};
	const source = (additional.source as string | undefined) ?? 'n8n';
	if (source !== '') input.source = source;
	if (additional.filters !== undefined) {
		const filters = arrayParameter(context, 'additionalFields.filters', itemIndex);
		if (filters) input.filters = filters;
	}
	return input;
}

function profileIdOf(value: string | INodeParameterResourceLocator): string {
	return typeof value === 'string' ? value : String(value.value ?? '');
}
