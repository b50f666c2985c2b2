import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { compact, settingsFor, toItems } from '../../helpers/common';
import { submissionRef, submissionRefProperties } from '../../helpers/submissionRef';
import { apiJson } from '../../transport';

const show = { resource: ['resource'], operation: ['attach'] };

export const description: INodeProperties[] = [
	...submissionRefProperties('resource', 'attach'),
	{
		displayName: 'Attach From',
		name: 'attachFrom',
		type: 'options',
		displayOptions: { show },
		options: [
			{ name: 'URL', value: 'url', description: 'A link the platform records, such as a pitch deck or profile' },
			{ name: 'Binary File', value: 'binary', description: 'A file from an earlier node, uploaded as multipart' },
		],
		default: 'url',
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		placeholder: 'https://example.com/deck.pdf',
		displayOptions: { show: { ...show, attachFrom: ['url'] } },
		default: '',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		displayOptions: { show: { ...show, attachFrom: ['binary'] } },
		default: 'data',
		hint: 'The name of the input binary field holding the file',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		displayOptions: { show },
		default: {},
		options: [
			{ displayName: 'Content Type', name: 'content_type', type: 'string', default: '', placeholder: 'application/pdf' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Display name; defaults to the file name' },
		],
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ref = submissionRef(this, itemIndex);
	const additional = compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	let body: IDataObject | FormData;
	if (this.getNodeParameter('attachFrom', itemIndex) === 'url') {
		body = { ...ref, url: this.getNodeParameter('url', itemIndex) as string, ...additional };
	} else {
		const field = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
		const binary = this.helpers.assertBinaryData(itemIndex, field);
		const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, field);
		const contentType = (additional.content_type as string | undefined) ?? binary.mimeType;
		const form = new FormData();
		for (const [key, value] of Object.entries({ ...ref, ...additional })) form.append(key, String(value));
		form.append('file', new Blob([new Uint8Array(buffer)], { type: contentType }), binary.fileName ?? 'file');
		body = form;
	}
	// Attaching twice would attach twice: never resent after the platform may have acted on it.
	const attached = await apiJson.call(
		this,
		'automation',
		{ method: 'POST', path: '/api/automation/resources', body, idempotent: false, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(attached, itemIndex);
}
