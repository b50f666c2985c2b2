import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { returnAllProperties, settingsFor } from '../../helpers/common';
import { graphqlItems } from '../../helpers/graphql';
import { collect, cursorPages } from '../../helpers/pagination';
import { GET_WEBHOOK_SUBSCRIPTIONS } from '../../transport/documents';

export const description: INodeProperties[] = [
	...returnAllProperties({ resource: ['webhook'], operation: ['getAll'], authentication: ['automationKey'] }),
	{
		displayName: 'API',
		name: 'surface',
		type: 'options',
		displayOptions: { show: { resource: ['webhook'], operation: ['getAll'], authentication: ['oAuth2'] } },
		options: [
			{ name: 'Both', value: '' },
			{ name: 'Assessment API', value: 'ASSESSMENT' },
			{ name: 'Automation API', value: 'AUTOMATION' },
		],
		default: '',
		description: "Which API's subscriptions to list. Signing secrets are never included.",
	},
];

/** At most 50 subscriptions per API: small pages keep each answer short. */
const PAGE_SIZE = 20;

/**
 * With the automation key, every page of `GET /api/automation/webhooks` with Return All,
 * following `next_cursor`; signed in with OAuth2, the organization's subscriptions on both APIs
 * (or one), without their secrets.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	if (usesOAuth2(this, itemIndex)) {
		const surface = this.getNodeParameter('surface', itemIndex, '') as string;
		return await graphqlItems(
			this,
			itemIndex,
			{ query: GET_WEBHOOK_SUBSCRIPTIONS, operationName: 'getWebhookSubscriptionsQuery' },
			'webhookSubscriptions',
			surface ? { surface } : {},
		);
	}
	return await collect.call(
		this,
		cursorPages,
		{ surface: 'automation', path: '/api/automation/webhooks', qs: {}, itemIndex, settings: settingsFor(this, itemIndex) },
		PAGE_SIZE,
	);
}
