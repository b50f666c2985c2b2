import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { LIST_PROFILES } from '../actions/partner/documents';
import { apiJson, graphqlRequest } from '../transport';

/** Profiles a submission can be made into, for the Get Many filter. */
export async function getProfiles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (await apiJson.call(this, 'automation', {
		method: 'GET',
		path: '/api/automation/profiles',
		idempotent: true,
	})) as { data?: IDataObject[] } | IDataObject[];
	const profiles = Array.isArray(body) ? body : (body.data ?? []);
	return profiles.map((profile) => ({
		name: String(profile.name ?? profile.id),
		value: String(profile.id),
		description: typeof profile.description === 'string' ? profile.description : undefined,
	}));
}

/** The same profiles through the partner API (`listProfilesQuery`), for Create Submission there. */
export async function getPartnerProfiles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const data = await graphqlRequest.call(this, { query: LIST_PROFILES, operationName: 'listProfilesQuery', mutation: false }, {}, undefined);
	return ((data.profiles as IDataObject[] | undefined) ?? []).map((profile) => ({
		name: String(profile.name ?? profile.id),
		value: String(profile.id),
		description: typeof profile.description === 'string' ? profile.description : undefined,
	}));
}
