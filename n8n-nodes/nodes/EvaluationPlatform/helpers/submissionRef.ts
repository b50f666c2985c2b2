import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Which submission a resource or transcript belongs to: the platform's ID or your record ID. */
export function submissionRefProperties(resource: string, operation: string, allowAny = false): INodeProperties[] {
	const show = { resource: [resource], operation: [operation] };
	return [
		{
			displayName: 'Submission By',
			name: 'submissionBy',
			type: 'options',
			displayOptions: { show },
			options: [
				{ name: 'Record ID', value: 'recordId', description: 'The record ID you gave when creating the submission' },
				{ name: 'Submission ID', value: 'submissionId', description: "The platform's submission ID" },
				...(allowAny ? [{ name: 'Any Submission', value: 'any', description: 'Every submission of the organisation' }] : []),
			],
			default: 'recordId',
		},
		{
			displayName: 'Record ID',
			name: 'recordId',
			type: 'string',
			required: true,
			displayOptions: { show: { ...show, submissionBy: ['recordId'] } },
			default: '',
		},
		{
			displayName: 'Submission ID',
			name: 'submissionId',
			type: 'string',
			required: true,
			displayOptions: { show: { ...show, submissionBy: ['submissionId'] } },
			default: '',
		},
	];
}

export function submissionRef(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const by = context.getNodeParameter('submissionBy', itemIndex);
	if (by === 'any') return {};
	return by === 'submissionId'
		? { submission_id: context.getNodeParameter('submissionId', itemIndex) as string }
		: { record_id: context.getNodeParameter('recordId', itemIndex) as string };
}
