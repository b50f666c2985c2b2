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
				description:
					'Get who the node acts as: the automation key\'s owner and organization, or the signed-in user with their role and organization',
				action: 'Get the connected account',
			},
		],
		default: 'getMe',
	},
	...getMe.description,
];
