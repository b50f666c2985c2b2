import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { graphqlItems } from '../../helpers/graphql';
import { restItems } from '../../helpers/rest';
import { GET_CURRENT_USER } from '../../transport/documents';

export const description: INodeProperties[] = [];

/**
 * Who the node acts as: with the automation key, the key's owner and the organization's name
 * (`GET /api/automation/me`); signed in with OAuth2, the user with their role and organization.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	if (usesOAuth2(this, itemIndex)) {
		return await graphqlItems(this, itemIndex, { query: GET_CURRENT_USER, operationName: 'getUserDataQuery' }, 'me');
	}
	return await restItems(this, itemIndex, 'automation', { method: 'GET', path: '/api/automation/me', idempotent: true });
}
