import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { get, getAll };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['profile'] }, 'getAll', [
		{ name: 'Get', value: 'get', description: 'Get a profile with its criteria and required fields', action: 'Get a profile' },
		{ name: 'Get Many', value: 'getAll', description: 'List the investment and success profiles submissions can be made into', action: 'Get many profiles' },
	]),
	...get.description,
	...getAll.description,
];
