import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { graphqlItems } from '../../helpers/graphql';
import { GET_ORGANIZATION } from '../../transport/documents';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await graphqlItems(this, itemIndex, { query: GET_ORGANIZATION, operationName: 'getOrganizationQuery' }, 'organization');
}
