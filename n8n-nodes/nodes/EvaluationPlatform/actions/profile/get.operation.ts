import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { located, locatorProperty, PROFILE_ID } from '../../helpers/locators';
import { apiJson } from '../../transport';

export const description: INodeProperties[] = [
	locatorProperty(
		{ displayName: 'Profile', name: 'profileId', searchListMethod: 'searchProfiles', idPattern: PROFILE_ID, description: 'The profile, picked from the list or by its prf_… ID' },
		{ resource: ['profile'], operation: ['get'] },
	),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = located(this, 'profileId', itemIndex, PROFILE_ID).value;
	const profile = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: `/api/automation/profiles/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(profile, itemIndex);
}
