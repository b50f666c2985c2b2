import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { arrayParameter, compact, settingsFor, toItems } from '../../helpers/common';
import { submissionRef, submissionRefProperties } from '../../helpers/submissionRef';
import { apiJson } from '../../transport';

const show = { resource: ['transcript'], operation: ['attach'] };

export const description: INodeProperties[] = [
	...submissionRefProperties('transcript', 'attach'),
	{
		displayName: 'Attach From',
		name: 'attachFrom',
		type: 'options',
		displayOptions: { show },
		options: [
			{ name: 'Text', value: 'text', description: 'The transcript text, optionally with speaker segments' },
			{ name: 'Binary File', value: 'binary', description: 'A transcript file from an earlier node' },
		],
		default: 'text',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		displayOptions: { show: { ...show, attachFrom: ['text'] } },
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
			{
				displayName: 'Segments (JSON)',
				name: 'segments',
				type: 'json',
				default: '[]',
				description: 'Speaker segments, e.g. [{"speaker": "Founder", "text": "…", "start": 0}]',
			},
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
		],
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ref = submissionRef(this, itemIndex);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const extra = compact({ title: additional.title as string | undefined });
	let body: IDataObject | FormData;
	if (this.getNodeParameter('attachFrom', itemIndex) === 'text') {
		body = { ...ref, ...extra, text: this.getNodeParameter('text', itemIndex) as string };
		const segments = additional.segments !== undefined ? arrayParameter(this, 'additionalFields.segments', itemIndex) : undefined;
		if (segments?.length) body.segments = segments as IDataObject[];
	} else {
		const field = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
		const binary = this.helpers.assertBinaryData(itemIndex, field);
		const buffer = await this.helpers.getBinaryDataBuffer(itemIndex, field);
		const form = new FormData();
		for (const [key, value] of Object.entries({ ...ref, ...extra })) form.append(key, String(value));
		form.append('file', new Blob([new Uint8Array(buffer)], { type: binary.mimeType }), binary.fileName ?? 'transcript.txt');
		body = form;
	}
	const attached = await apiJson.call(
		this,
		'automation',
		{ method: 'POST', path: '/api/automation/transcripts', body, idempotent: false, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(attached, itemIndex);
}
