import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { located, WEBHOOK_ID } from '../../helpers/locators';
import { restItems } from '../../helpers/rest';
import { webhookLocator } from '../../helpers/webhookLocator';

export const description: INodeProperties[] = [webhookLocator({ resource: ['webhook'], operation: ['get'] })];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = located(this, 'webhookId', itemIndex, WEBHOOK_ID).value;
	return await restItems(this, itemIndex, 'automation', { method: 'GET', path: `/api/automation/webhooks/${encodeURIComponent(id)}`, idempotent: true });
}
