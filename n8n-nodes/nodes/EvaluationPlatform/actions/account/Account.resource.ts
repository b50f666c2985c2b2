import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as getMe from './getMe.operation';

export const operations: Record<string, OperationModule> = { getMe };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['account'] }, 'getMe', [
		{ name: 'Get Me', value: 'getMe', description: 'Get who the node acts as: the automation key\'s owner and organization, or the signed-in user with their role and organization', action: 'Get the connected account' },
	]),
	...getMe.description,
];
