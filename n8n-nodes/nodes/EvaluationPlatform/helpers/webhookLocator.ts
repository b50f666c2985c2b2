import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { locatorProperty, WEBHOOK_ID } from './locators';

export function webhookLocator(show: IDisplayOptions['show']): INodeProperties {
	return locatorProperty(
		{ displayName: 'Webhook', name: 'webhookId', searchListMethod: 'searchWebhooks', idPattern: WEBHOOK_ID, description: 'The subscription, picked from the list or by its whk_… ID' },
		show,
	);
}
