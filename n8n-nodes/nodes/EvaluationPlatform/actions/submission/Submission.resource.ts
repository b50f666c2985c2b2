import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { create, get, getAll };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['submission'] }, 'create', [
		{ name: 'Create', value: 'create', description: 'Queue a person or deal for evaluation against a profile', action: 'Create a submission' },
		{ name: 'Get', value: 'get', description: 'Get a submission with its scores, criteria, founders and report', action: 'Get a submission' },
		{ name: 'Get Many', value: 'getAll', description: 'List submissions, newest first', action: 'Get many submissions' },
	]),
	...create.description,
	...get.description,
	...getAll.description,
];
