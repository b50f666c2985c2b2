import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { toItems } from '../../helpers/common';
import { graphqlItems } from '../../helpers/graphql';
import { restJson } from '../../helpers/rest';
import { LIST_PROFILES } from '../../transport/documents';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	if (usesOAuth2(this, itemIndex)) {
		return await graphqlItems(this, itemIndex, { query: LIST_PROFILES, operationName: 'listProfilesQuery' }, 'profiles');
	}
	const body = await restJson(this, itemIndex, 'automation', { method: 'GET', path: '/api/automation/profiles', idempotent: true });
	return toItems((body.data as IDataObject[] | undefined) ?? [], itemIndex);
}
