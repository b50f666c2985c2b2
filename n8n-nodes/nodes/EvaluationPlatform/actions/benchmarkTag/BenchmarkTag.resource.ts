import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { getAll };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['benchmarkTag'] }, 'getAll', [
		{ name: 'Get Many', value: 'getAll', description: 'List the industry benchmarks results can be scored against', action: 'Get many benchmark tags' },
	]),
	...getAll.description,
];
