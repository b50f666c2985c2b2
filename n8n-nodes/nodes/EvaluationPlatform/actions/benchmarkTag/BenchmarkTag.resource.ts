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
		displayOptions: { show: { resource: ['benchmarkTag'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the industry benchmarks results can be scored against',
				action: 'Get many benchmark tags',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
