import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as attach from './attach.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { attach, get, getAll };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['resource'] }, 'attach', [
		{ name: 'Attach', value: 'attach', description: 'Attach a link or a file to a submission', action: 'Attach a resource' },
		{ name: 'Get', value: 'get', description: 'Get one resource by its ID', action: 'Get a resource' },
		{ name: 'Get Many', value: 'getAll', description: "List a submission's resources", action: 'Get many resources' },
	]),
	...attach.description,
	...get.description,
	...getAll.description,
];
