import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { apiRequest } from '../../transport';

export const description: INodeProperties[] = [
	{
		displayName: 'Webhook ID',
		name: 'webhookId',
		type: 'string',
		required: true,
		displayOptions: { show: { resource: ['webhook'], operation: ['delete'] } },
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = this.getNodeParameter('webhookId', itemIndex) as string;
	await apiRequest.call(
		this,
		'automation',
		{ method: 'DELETE', path: `/api/automation/webhooks/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems({ id, deleted: true }, itemIndex);
}
