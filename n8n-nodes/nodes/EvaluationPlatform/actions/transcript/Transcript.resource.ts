import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as attach from './attach.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, OperationModule> = { attach, get, getAll };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['transcript'] }, 'attach', [
		{ name: 'Attach', value: 'attach', description: 'Attach a call or interview transcript to a submission', action: 'Attach a transcript' },
		{ name: 'Get', value: 'get', description: 'Get one transcript by its ID', action: 'Get a transcript' },
		{ name: 'Get Many', value: 'getAll', description: "List a submission's transcripts", action: 'Get many transcripts' },
	]),
	...attach.description,
	...get.description,
	...getAll.description,
];
