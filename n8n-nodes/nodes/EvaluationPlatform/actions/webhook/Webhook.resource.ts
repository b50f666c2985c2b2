import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as create from './create.operation';
import * as deleteWebhook from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { create, get, getAll, delete: deleteWebhook };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['webhook'], authentication: ['automationKey'] }, 'create', [
		{ name: 'Create', value: 'create', description: 'Subscribe a URL to events; the signing secret is in the output, shown once', action: 'Create a webhook subscription' },
		{ name: 'Delete', value: 'delete', description: 'Remove a subscription', action: 'Delete a webhook subscription' },
		{ name: 'Get', value: 'get', description: 'Get a subscription with its status', action: 'Get a webhook subscription' },
		{ name: 'Get Many', value: 'getAll', description: "List the organization's subscriptions to Automation API events", action: 'Get many automation webhook subscriptions' },
	]),
	operationSelector({ resource: ['webhook'], authentication: ['oAuth2'] }, 'getAll', [
		{ name: 'Get Many', value: 'getAll', description: "List the organization's subscriptions on both APIs, or on one (never their secrets)", action: 'Get many webhook subscriptions' },
	]),
	...create.description,
	...get.description,
	...getAll.description,
	...deleteWebhook.description,
];
