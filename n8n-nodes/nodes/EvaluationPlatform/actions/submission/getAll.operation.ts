import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { surfaceOf, usesOAuth2 } from '../../helpers/authentication';
import { compact, isoDateTime, returnAllProperties, settingsFor } from '../../helpers/common';
import { outputProperties, shapeOutput } from '../../helpers/output';
import { collect, cursorPages, type PageRequest } from '../../helpers/pagination';
import { simplifyPartnerSubmission, simplifySubmission } from '../../helpers/simplify';
import { baseUrlOf, graphqlRequest } from '../../transport';
import { LIST_SUBMISSIONS } from '../../transport/documents';

const show = { resource: ['submission'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	...returnAllProperties(show),
	...outputProperties(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		displayOptions: { show },
		default: {},
		options: [
			{
				displayName: 'Profile Name or ID',
				name: 'profile_id',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getProfiles', loadOptionsDependsOn: ['authentication'] },
				default: '',
				description:
					'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			},
			{
				displayName: 'Record ID',
				name: 'record_id',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Awaiting Assessment', value: 'awaiting_assessment' },
					{ name: 'Completed', value: 'completed' },
					{ name: 'Failed', value: 'failed' },
					{ name: 'Processing', value: 'processing' },
					{ name: 'Queued', value: 'queued' },
				],
				default: 'completed',
			},
			{
				displayName: 'Updated Since',
				name: 'updated_since',
				type: 'dateTime',
				default: '',
				description: 'Only submissions changed at or after this time',
			},
		],
	},
];

/** The largest page of either API. */
const MAX_PAGE_SIZE = 100;

interface Connection {
	nodes?: IDataObject[];
	pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
}

/** Pages of the signed-in API's `submissions` connection, following `endCursor` while `hasNextPage`. */
async function* connectionPages(this: IExecuteFunctions, request: PageRequest, pageSize: number): AsyncGenerator<IDataObject[]> {
	let after: string | undefined;
	do {
		const data = await graphqlRequest.call(
			this,
			{ query: LIST_SUBMISSIONS, operationName: 'listSubmissionsQuery', mutation: false },
			{ ...request.qs, first: pageSize, ...(after ? { after } : {}) },
			request.itemIndex,
			request.settings,
		);
		const page = (data.submissions ?? {}) as Connection;
		yield page.nodes ?? [];
		after = page.pageInfo?.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined;
	} while (after);
}

/** The filters in the signed-in API's names and values (`status: "COMPLETED"`, `profileId`, …). */
function connectionFilters(filters: IDataObject): IDataObject {
	const out: IDataObject = {};
	if (filters.profile_id !== undefined) out.profileId = filters.profile_id;
	if (filters.record_id !== undefined) out.recordId = filters.record_id;
	if (filters.status !== undefined) out.status = String(filters.status).toUpperCase();
	if (filters.updated_since !== undefined) out.updatedSince = filters.updated_since;
	return out;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	if (filters.updated_since !== undefined) filters.updated_since = isoDateTime(this, 'Updated Since', filters.updated_since, itemIndex);
	const settings = settingsFor(this, itemIndex);
	const base = await baseUrlOf(this, surfaceOf(this, itemIndex));
	if (usesOAuth2(this, itemIndex)) {
		const items = await collect.call(this, connectionPages, { surface: 'partner', path: '/api', qs: connectionFilters(filters), itemIndex, settings }, MAX_PAGE_SIZE);
		return items.map((item) => ({ ...item, json: shapeOutput(this, itemIndex, item.json, (raw) => simplifyPartnerSubmission(raw, base)) }));
	}
	const items = await collect.call(
		this,
		cursorPages,
		{ surface: 'automation', path: '/api/automation/submissions', qs: filters, itemIndex, settings },
		MAX_PAGE_SIZE,
	);
	return items.map((item) => ({ ...item, json: shapeOutput(this, itemIndex, item.json, (raw) => simplifySubmission(raw, base)) }));
}
