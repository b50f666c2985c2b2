import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as getStatus from './getStatus.operation';

export const operations: Record<string, OperationModule> = { getStatus };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['integration'] }, 'getStatus', [
		{ name: 'Get Status', value: 'getStatus', description: 'Get how this connection is set up: the OAuth client, the granted scopes and the operations it may run', action: 'Get the integration status' },
	]),
	...getStatus.description,
];
