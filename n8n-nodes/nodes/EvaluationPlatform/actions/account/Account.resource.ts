import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as getMe from './getMe.operation';

export const operations: Record<string, OperationModule> = { getMe };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Me',
				value: 'getMe',
				description: 'Confirm the automation key: the key owner and the organization',
				action: 'Get the key owner and organization',
			},
		],
		default: 'getMe',
	},
	...getMe.description,
];
