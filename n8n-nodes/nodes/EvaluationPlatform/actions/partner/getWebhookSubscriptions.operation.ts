import { GET_WEBHOOK_SUBSCRIPTIONS } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: GET_WEBHOOK_SUBSCRIPTIONS,
	operationName: 'getWebhookSubscriptionsQuery',
	rootField: 'webhookSubscriptions',
	description: [
		{
			displayName: 'API',
			name: 'surface',
			type: 'options',
			displayOptions: { show: { resource: ['partner'], operation: ['getWebhookSubscriptions'] } },
			options: [
				{ name: 'Both', value: '' },
				{ name: 'Assessment API', value: 'ASSESSMENT' },
				{ name: 'Automation API', value: 'AUTOMATION' },
			],
			default: '',
			description: "Which API's subscriptions to list. Signing secrets are never included.",
		},
	],
	variables(itemIndex) {
		const surface = this.getNodeParameter('surface', itemIndex, '') as string;
		return surface ? { surface } : {};
	},
});
