import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['profile'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a profile with its criteria and required fields',
				action: 'Get a profile',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the investment and success profiles submissions can be made into',
				action: 'Get many profiles',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
