import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';

export const operations: Record<string, OperationModule> = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the organization the signed-in user acts for: ID, name, created',
				action: 'Get the organization',
			},
		],
		default: 'get',
	},
	...get.description,
];
