import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listProfiles } from './listSearch';

/** Profiles a submission can be made into, for the Get Many filter, through the chosen API. */
export async function getProfiles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await listProfiles(this)).map((profile) => ({
		name: String(profile.name ?? profile.id),
		value: String(profile.id),
		description: typeof profile.description === 'string' ? profile.description : undefined,
	}));
}
