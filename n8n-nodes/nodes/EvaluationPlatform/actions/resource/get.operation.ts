import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { apiJson } from '../../transport';

const ID = /^rsc_[A-Za-z0-9_-]+$/;

export const description: INodeProperties[] = [
	{
		displayName: 'Resource ID',
		name: 'resourceId',
		type: 'string',
		required: true,
		placeholder: 'rsc_…',
		displayOptions: { show: { resource: ['resource'], operation: ['get'] } },
		default: '',
		description: 'The rsc_… ID, as Attach and Get Many return it',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = String(this.getNodeParameter('resourceId', itemIndex)).trim();
	if (!ID.test(id)) {
		throw new NodeOperationError(this.getNode(), `"${id}" is not a resource ID`, {
			itemIndex,
			description: 'Expected rsc_ followed by letters and digits, as in the output of Attach or Get Many',
		});
	}
	const found = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: `/api/automation/resources/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(found, itemIndex);
}
