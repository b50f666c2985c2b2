import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { surfaceOf, usesOAuth2 } from '../helpers/authentication';
import { workspaceUrl } from '../helpers/workspace';
import { apiJson, baseUrlOf, graphqlRequest } from '../transport';
import { LIST_PROFILES, LIST_SUBMISSIONS } from '../transport/documents';

/**
 * The "From list" side of the resource locators, through the API the node's Authentication
 * chose. What the user types goes to the API as its search (`q`, GraphQL `search`), which looks
 * through the whole organization: the first answer holds the matches wherever they are, and the
 * cursor pages on through them as the user scrolls.
 */
const PAGE_SIZE = 100;

const matches = (filter: string | undefined, ...texts: unknown[]): boolean => {
	const needle = (filter ?? '').trim().toLowerCase();
	return needle === '' || texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
};

const typed = (filter: string | undefined): string | undefined => {
	const text = (filter ?? '').trim();
	return text === '' ? undefined : text;
};

/** `awaiting_assessment` → `awaiting assessment`: a status as people read it. */
export const statusLabel = (status: unknown): string => String(status ?? '').toLowerCase().replace(/_/g, ' ');

async function cursorPage(
	context: ILoadOptionsFunctions,
	path: string,
	search: string | undefined,
	paginationToken: string | undefined,
): Promise<{ data: IDataObject[]; next?: string }> {
	const body = await apiJson.call(context, 'automation', {
		method: 'GET',
		path,
		qs: { limit: PAGE_SIZE, ...(search ? { q: search } : {}), ...(paginationToken ? { cursor: paginationToken } : {}) },
		idempotent: true,
	});
	const next = typeof body.next_cursor === 'string' ? body.next_cursor : undefined;
	return { data: (body.data as IDataObject[] | undefined) ?? [], ...(next ? { next } : {}) };
}

/** A page of submissions through the signed-in API, in the Automation API's names. */
async function connectionPage(context: ILoadOptionsFunctions, search: string | undefined, paginationToken: string | undefined): Promise<{ data: IDataObject[]; next?: string }> {
	const data = await graphqlRequest.call(
		context,
		{ query: LIST_SUBMISSIONS, operationName: 'listSubmissionsQuery', mutation: false },
		{ first: PAGE_SIZE, ...(search ? { search } : {}), ...(paginationToken ? { after: paginationToken } : {}) },
		undefined,
	);
	const page = (data.submissions ?? {}) as { nodes?: IDataObject[]; pageInfo?: { hasNextPage?: boolean; endCursor?: string | null } };
	const next = page.pageInfo?.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined;
	const rows = (page.nodes ?? []).map((s) => ({ id: s.id, record_id: s.recordId, status: String(s.status ?? '').toLowerCase(), fields: s.fields }));
	return { data: rows, ...(next ? { next } : {}) };
}

/** Submissions, newest first, named by record ID, person or company and status; searched by the API. */
export async function searchSubmissions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const search = typed(filter);
	const page = usesOAuth2(this) ? await connectionPage(this, search, paginationToken) : await cursorPage(this, '/api/automation/submissions', search, paginationToken);
	const base = await baseUrlOf(this, surfaceOf(this));
	const results: INodeListSearchItems[] = page.data.map((submission) => {
		const fields = (submission.fields ?? {}) as IDataObject;
		const who = [fields.name, fields.company].filter((v) => typeof v === 'string' && v !== '').join(', ');
		const name = `${String(submission.record_id)}${who ? ` — ${who}` : ''} (${statusLabel(submission.status)})`;
		return { name, value: String(submission.id), url: workspaceUrl(base, String(submission.id)) };
	});
	return { results, ...(page.next ? { paginationToken: page.next } : {}) };
}

/** Webhook subscriptions, named by their description (else URL) and how many events they take; searched by the API. */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await cursorPage(this, '/api/automation/webhooks', typed(filter), paginationToken);
	const results = page.data.map((hook) => {
		const events = ((hook.events as string[] | undefined) ?? []).length;
		const label = typeof hook.description === 'string' && hook.description !== '' ? hook.description : String(hook.url);
		return { name: `${label} (${events} ${events === 1 ? 'event' : 'events'})`, value: String(hook.id) };
	});
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
