import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { settingsFor, toItems } from '../../helpers/common';
import { graphqlItems } from '../../helpers/graphql';
import { apiJson } from '../../transport';
import { LIST_PROFILES } from '../../transport/documents';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	if (usesOAuth2(this, itemIndex)) {
		return await graphqlItems(this, itemIndex, { query: LIST_PROFILES, operationName: 'listProfilesQuery' }, 'profiles');
	}
	const body = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: '/api/automation/profiles', idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems((body.data as IDataObject[] | undefined) ?? [], itemIndex);
}
