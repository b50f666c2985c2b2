import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { surfaceOf, usesOAuth2 } from '../helpers/authentication';
import { workspaceUrl } from '../helpers/workspace';
import { apiJson, baseUrlOf, graphqlRequest } from '../transport';
import { LIST_PROFILES, LIST_SUBMISSIONS } from '../transport/documents';

/**
 * The "From list" side of the resource locators, through the API the node's Authentication
 * chose. The APIs filter by exact values only, so a search keeps the entries of each fetched
 * page whose label contains the text; the page's cursor (or next page number) is the pagination
 * token, and n8n asks for the next page as the user scrolls.
 */
const PAGE_SIZE = 100;

const matches = (filter: string | undefined, ...texts: unknown[]): boolean => {
	const needle = (filter ?? '').trim().toLowerCase();
	return needle === '' || texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
};

async function cursorPage(
	context: ILoadOptionsFunctions,
	path: string,
	paginationToken: string | undefined,
): Promise<{ data: IDataObject[]; next?: string }> {
	const body = await apiJson.call(context, 'automation', {
		method: 'GET',
		path,
		qs: { limit: PAGE_SIZE, ...(paginationToken ? { cursor: paginationToken } : {}) },
		idempotent: true,
	});
	const next = typeof body.next_cursor === 'string' ? body.next_cursor : undefined;
	return { data: (body.data as IDataObject[] | undefined) ?? [], ...(next ? { next } : {}) };
}

/** A page of submissions through the signed-in API, in the Automation API's names. */
async function connectionPage(context: ILoadOptionsFunctions, paginationToken: string | undefined): Promise<{ data: IDataObject[]; next?: string }> {
	const data = await graphqlRequest.call(
		context,
		{ query: LIST_SUBMISSIONS, operationName: 'listSubmissionsQuery', mutation: false },
		{ first: PAGE_SIZE, ...(paginationToken ? { after: paginationToken } : {}) },
		undefined,
	);
	const page = (data.submissions ?? {}) as { nodes?: IDataObject[]; pageInfo?: { hasNextPage?: boolean; endCursor?: string | null } };
	const next = page.pageInfo?.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined;
	const rows = (page.nodes ?? []).map((s) => ({ id: s.id, record_id: s.recordId, status: String(s.status ?? '').toLowerCase(), fields: s.fields }));
	return { data: rows, ...(next ? { next } : {}) };
}

/** Submissions, newest first, named by record ID, person or company and status. */
export async function searchSubmissions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = usesOAuth2(this) ? await connectionPage(this, paginationToken) : await cursorPage(this, '/api/automation/submissions', paginationToken);
	const base = await baseUrlOf(this, surfaceOf(this));
	const results: INodeListSearchItems[] = [];
	for (const submission of page.data) {
		const fields = (submission.fields ?? {}) as IDataObject;
		const who = [fields.name, fields.company].filter((v) => typeof v === 'string' && v !== '').join(', ');
		const name = `${String(submission.record_id)}${who ? ` — ${who}` : ''} (${String(submission.status)})`;
		if (!matches(filter, name, submission.id)) continue;
		results.push({ name, value: String(submission.id), url: workspaceUrl(base, String(submission.id)) });
	}
	return { results, ...(page.next ? { paginationToken: page.next } : {}) };
}

/** Webhook subscriptions, named by URL and events. */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await cursorPage(this, '/api/automation/webhooks', paginationToken);
	const results = page.data
		.map((hook) => ({
			name: `${String(hook.url)} (${((hook.events as string[] | undefined) ?? []).join(', ')})`,
			value: String(hook.id),
		}))
		.filter((item) => matches(filter, item.name, item.value));
	return { results, ...(page.next ? { paginationToken: page.next } : {}) };
}

/** Profiles: a handful per organization, one page. */
export async function searchProfiles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const results = (await listProfiles(this))
		.filter((profile) => matches(filter, profile.name, profile.id, profile.description))
		.map((profile) => ({ name: String(profile.name ?? profile.id), value: String(profile.id) }));
	return { results };
}

/** Benchmark tags, page by page (page numbers from 1), named by name and industry. */
export async function searchBenchmarkTags(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const body = (await apiJson.call(this, 'assessment', {
		method: 'GET',
		path: '/api/v1/benchmark-tags',
		qs: { page, limit: PAGE_SIZE },
		idempotent: true,
	})) as { tags?: IDataObject[]; pagination?: { hasMore?: boolean } };
	const results = (body.tags ?? [])
		.filter((tag) => matches(filter, tag.name, tag.industry, tag.id))
		.map((tag) => ({ name: String(tag.name ?? tag.id), value: String(tag.id) }));
	return { results, ...(body.pagination?.hasMore ? { paginationToken: String(page + 1) } : {}) };
}

/** The organization's profiles, through the API the node's Authentication chose. */
export async function listProfiles(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	if (usesOAuth2(context)) {
		const data = await graphqlRequest.call(context, { query: LIST_PROFILES, operationName: 'listProfilesQuery', mutation: false }, {}, undefined);
		return (data.profiles as IDataObject[] | undefined) ?? [];
	}
	const body = await apiJson.call(context, 'automation', { method: 'GET', path: '/api/automation/profiles', idempotent: true });
	return (body.data as IDataObject[] | undefined) ?? [];
}
