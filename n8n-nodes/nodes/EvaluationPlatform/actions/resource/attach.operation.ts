import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { attachProperties, binaryUpload } from '../../helpers/attachments';
import { compact } from '../../helpers/common';
import { restItems } from '../../helpers/rest';
import { submissionRef } from '../../helpers/submissionRef';
import { kind } from './kind';

const show = { resource: ['resource'], operation: ['attach'] };

export const description: INodeProperties[] = attachProperties(show, {
	from: { name: 'URL', value: 'url', description: 'A link the platform records, such as a pitch deck or profile' },
	binaryDescription: 'A file from an earlier node, uploaded as multipart',
	fromProperty: {
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		placeholder: 'https://example.com/deck.pdf',
		displayOptions: { show: { ...show, attachFrom: ['url'] } },
		default: '',
	},
	additionalFields: [
		{ displayName: 'Content Type', name: 'content_type', type: 'string', default: '', placeholder: 'application/pdf' },
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Display name; defaults to the file name' },
	],
});

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ref = submissionRef(this, itemIndex);
	const additional = compact(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	const body =
		this.getNodeParameter('attachFrom', itemIndex) === 'url'
			? { ...ref, url: this.getNodeParameter('url', itemIndex) as string, ...additional }
			: await binaryUpload(this, itemIndex, { ...ref, ...additional }, { defaultName: 'file', contentType: additional.content_type as string | undefined });
	// Attaching twice would attach twice: never resent after the platform may have acted on it.
	return await restItems(this, itemIndex, 'automation', { method: 'POST', path: kind.path, body, idempotent: false });
}
