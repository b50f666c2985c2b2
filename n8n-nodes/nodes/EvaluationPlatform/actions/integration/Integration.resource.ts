import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as getStatus from './getStatus.operation';

export const operations: Record<string, OperationModule> = { getStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['integration'] } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Get how this connection is set up: the OAuth client, the granted scopes and the operations it may run',
				action: 'Get the integration status',
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
];
