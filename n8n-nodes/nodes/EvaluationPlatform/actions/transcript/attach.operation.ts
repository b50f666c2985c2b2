import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { attachProperties, binaryUpload } from '../../helpers/attachments';
import { arrayParameter, compact } from '../../helpers/common';
import { restItems } from '../../helpers/rest';
import { submissionRef } from '../../helpers/submissionRef';
import { kind } from './kind';

const show = { resource: ['transcript'], operation: ['attach'] };

export const description: INodeProperties[] = attachProperties(show, {
	from: { name: 'Text', value: 'text', description: 'The transcript text, optionally with speaker segments' },
	binaryDescription: 'A transcript file from an earlier node',
	fromProperty: {
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		displayOptions: { show: { ...show, attachFrom: ['text'] } },
		default: '',
	},
	additionalFields: [
		{
			displayName: 'Segments (JSON)',
			name: 'segments',
			type: 'json',
			default: '[]',
			description: 'Speaker segments, e.g. [{"speaker": "Founder", "text": "…", "start": 0}]',
		},
		{ displayName: 'Title', name: 'title', type: 'string', default: '' },
	],
});

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
		body = await binaryUpload(this, itemIndex, { ...ref, ...extra }, { defaultName: 'transcript.txt' });
	}
	return await restItems(this, itemIndex, 'automation', { method: 'POST', path: kind.path, body, idempotent: false });
}
