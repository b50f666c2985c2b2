import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['profile'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the investment and success profiles submissions can be made into',
				action: 'Get many profiles',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
