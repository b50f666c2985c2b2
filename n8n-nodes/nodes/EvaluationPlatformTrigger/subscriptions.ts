import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { apiJson, type Surface } from '../EvaluationPlatform/transport';

export type Source = 'automation' | 'assessment';

const WEBHOOKS_PATH: Record<Source, string> = {
	automation: '/api/automation/webhooks',
	assessment: '/api/v1/webhooks',
};

export interface Subscription {
	id: string;
	url: string;
	events: string[];
	/** Only in the answer to a create: the signing secret is shown once. */
	secret?: string;
}

function toSubscription(record: IDataObject): Subscription {
	return {
		id: String(record.id),
		url: String(record.url),
		events: Array.isArray(record.events) ? record.events.map(String) : [],
		...(typeof record.secret === 'string' ? { secret: record.secret } : {}),
	};
}

/** Every webhook subscription of the source's API, following its cursor pages. */
export async function listSubscriptions(this: IHookFunctions, source: Source): Promise<Subscription[]> {
	const all: Subscription[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < 100; page++) {
		const body = await apiJson.call(this, source as Surface, {
			method: 'GET',
			path: WEBHOOKS_PATH[source],
			qs: { limit: 100, ...(cursor ? { cursor } : {}) },
			idempotent: true,
		});
		all.push(...((Array.isArray(body.data) ? body.data : []) as IDataObject[]).map(toSubscription));
		cursor = typeof body.next_cursor === 'string' ? body.next_cursor : undefined;
		if (!cursor) break;
	}
	return all;
}

export async function createSubscription(this: IHookFunctions, source: Source, url: string, events: string[]): Promise<Subscription> {
	const body = await apiJson.call(this, source as Surface, {
		method: 'POST',
		path: WEBHOOKS_PATH[source],
		body: { url, events, description: `n8n workflow ${this.getWorkflow().id ?? ''}`.trim() },
		idempotent: false,
	});
	return toSubscription(body);
}

export async function deleteSubscription(this: IHookFunctions, source: Source, id: string): Promise<void> {
	await apiJson.call(this, source as Surface, {
		method: 'DELETE',
		path: `${WEBHOOKS_PATH[source]}/${encodeURIComponent(id)}`,
		idempotent: true,
	});
}
