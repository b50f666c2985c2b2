import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { located, WEBHOOK_ID } from '../../helpers/locators';
import { webhookLocator } from '../../helpers/webhookLocator';
import { apiRequest } from '../../transport';

export const description: INodeProperties[] = [webhookLocator({ resource: ['webhook'], operation: ['delete'] })];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = located(this, 'webhookId', itemIndex, WEBHOOK_ID).value;
	await apiRequest.call(
		this,
		'automation',
		{ method: 'DELETE', path: `/api/automation/webhooks/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems({ id, deleted: true }, itemIndex);
}
