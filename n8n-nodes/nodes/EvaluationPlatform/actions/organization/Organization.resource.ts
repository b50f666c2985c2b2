import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as get from './get.operation';

export const operations: Record<string, OperationModule> = { get };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['organization'] }, 'get', [
		{ name: 'Get', value: 'get', description: 'Get the organization the signed-in user acts for: ID, name, created', action: 'Get the organization' },
	]),
	...get.description,
];
