import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiJson, type RequestSettings, type Surface } from '../transport';
import { toItems } from './common';

export interface PageRequest {
	surface: Surface;
	path: string;
	qs: IDataObject;
	itemIndex: number;
	settings: RequestSettings;
}

/**
 * Output items of a list: every record when `returnAll`, otherwise the first `limit`. Each
 * page is turned into items before the next is fetched, so a long list never sits in memory
 * as raw pages.
 */
export async function collect(
	this: IExecuteFunctions,
	pages: (request: PageRequest, pageSize: number) => AsyncGenerator<IDataObject[]>,
	request: PageRequest,
	maxPageSize: number,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', request.itemIndex, false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', request.itemIndex, 50) as number);
	const output: INodeExecutionData[] = [];
	for await (const records of pages.call(this, request, Math.min(maxPageSize, limit))) {
		output.push(...toItems(records.slice(0, limit - output.length), request.itemIndex));
		if (output.length >= limit) break;
	}
	return output;
}

/** Pages of a cursor-paginated list: `{data, next_cursor}` with `cursor` and `limit` in the query. */
export async function* cursorPages(
	this: IExecuteFunctions,
	request: PageRequest,
	pageSize: number,
): AsyncGenerator<IDataObject[]> {
	let cursor: string | undefined;
	do {
		const page = (await apiJson.call(
			this,
			request.surface,
			{
				method: 'GET',
				path: request.path,
				qs: { ...request.qs, limit: pageSize, ...(cursor ? { cursor } : {}) },
				idempotent: true,
				itemIndex: request.itemIndex,
			},
			request.settings,
		)) as { data?: IDataObject[]; next_cursor?: string | null };
		yield page.data ?? [];
		cursor = page.next_cursor ?? undefined;
	} while (cursor);
}

/** Pages of a page-numbered list (`page` from 1, `limit`), as the Assessment API's benchmark tags. */
export function numberedPages(itemsKey: string) {
	return async function* (
		this: IExecuteFunctions,
		request: PageRequest,
		pageSize: number,
	): AsyncGenerator<IDataObject[]> {
		for (let page = 1; ; page++) {
			const body = (await apiJson.call(
				this,
				request.surface,
				{
					method: 'GET',
					path: request.path,
					qs: { ...request.qs, page, limit: pageSize },
					idempotent: true,
					itemIndex: request.itemIndex,
				},
				request.settings,
			)) as IDataObject & { pagination?: { hasMore?: boolean } };
			yield (body[itemsKey] as IDataObject[] | undefined) ?? [];
			if (!body.pagination?.hasMore) return;
		}
	};
}
