import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { toItems } from '../../helpers/common';
import { graphqlRoot } from '../../helpers/graphql';
import { located, locatorProperty, PROFILE_ID } from '../../helpers/locators';
import { restItems } from '../../helpers/rest';
import { LIST_PROFILES } from '../../transport/documents';

export const description: INodeProperties[] = [
	locatorProperty(
		{ displayName: 'Profile', name: 'profileId', searchListMethod: 'searchProfiles', idPattern: PROFILE_ID, description: 'The profile, picked from the list or by its prf_… ID' },
		{ resource: ['profile'], operation: ['get'] },
	),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = located(this, 'profileId', itemIndex, PROFILE_ID).value;
	if (usesOAuth2(this, itemIndex)) {
		// An organization has a handful of profiles, and the signed-in API lists them all at once.
		const profiles = ((await graphqlRoot(this, itemIndex, { query: LIST_PROFILES, operationName: 'listProfilesQuery' }, 'profiles')) ?? []) as IDataObject[];
		const profile = profiles.find((p) => p.id === id);
		if (!profile) {
			throw new NodeOperationError(this.getNode(), `The organization has no profile "${id}"`, {
				itemIndex,
				description: 'Pick the profile from the list, or copy its ID from the output of Profile → Get Many',
			});
		}
		return toItems(profile, itemIndex);
	}
	return await restItems(this, itemIndex, 'automation', { method: 'GET', path: `/api/automation/profiles/${encodeURIComponent(id)}`, idempotent: true });
}
