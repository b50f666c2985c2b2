import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { restItems } from '../../helpers/rest';
import { AUTOMATION_EVENT_OPTIONS } from './events';

const show = { resource: ['webhook'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		placeholder: 'https://example.com/hooks/platform',
		displayOptions: { show },
		default: '',
		description: 'Where the platform sends the events (to start a workflow, use the Evaluation Platform Trigger instead)',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		displayOptions: { show },
		options: AUTOMATION_EVENT_OPTIONS,
		default: ['submission.completed'],
	},
	{
		displayName: 'The signing secret is in this step\'s output once only: store it now to verify deliveries',
		name: 'secretNotice',
		type: 'notice',
		displayOptions: { show },
		default: '',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await restItems(this, itemIndex, 'automation', {
		method: 'POST',
		path: '/api/automation/webhooks',
		body: { url: this.getNodeParameter('url', itemIndex) as string, events: this.getNodeParameter('events', itemIndex) as string[] },
		idempotent: false,
	});
}
