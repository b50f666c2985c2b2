import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { apiJson } from '../../transport';

const ID = /^trn_[A-Za-z0-9_-]+$/;

export const description: INodeProperties[] = [
	{
		displayName: 'Transcript ID',
		name: 'transcriptId',
		type: 'string',
		required: true,
		placeholder: 'trn_…',
		displayOptions: { show: { resource: ['transcript'], operation: ['get'] } },
		default: '',
		description: 'The trn_… ID, as Attach and Get Many return it',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = String(this.getNodeParameter('transcriptId', itemIndex)).trim();
	if (!ID.test(id)) {
		throw new NodeOperationError(this.getNode(), `"${id}" is not a transcript ID`, {
			itemIndex,
			description: 'Expected trn_ followed by letters and digits, as in the output of Attach or Get Many',
		});
	}
	const found = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: `/api/automation/transcripts/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(found, itemIndex);
}
