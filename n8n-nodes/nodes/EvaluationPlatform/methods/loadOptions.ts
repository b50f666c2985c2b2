import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { LIST_PROFILES } from '../actions/partner/documents';
import { apiJson, graphqlRequest } from '../transport';

/** Benchmark tags for the Submit dropdown, every page of them (at most 100 a page). */
export async function getBenchmarkTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [{ name: 'None (General Norm)', value: '' }];
	for (let page = 1; page <= 50; page++) {
		const body = (await apiJson.call(this, 'assessment', {
			method: 'GET',
			path: '/api/v1/benchmark-tags',
			qs: { page, limit: 100 },
			idempotent: true,
		})) as { tags?: IDataObject[]; pagination?: { hasMore?: boolean } };
		for (const tag of body.tags ?? []) {
			options.push({
				name: String(tag.name ?? tag.id),
				value: String(tag.id),
				description: typeof tag.description === 'string' ? tag.description : undefined,
			});
		}
		if (!body.pagination?.hasMore) break;
	}
	return options;
}

/** Profiles a submission can be made into, for the Create Submission dropdown. */
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
