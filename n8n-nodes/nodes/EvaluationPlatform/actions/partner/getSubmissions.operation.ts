import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { compact, isoDateTime, returnAllProperties, settingsFor } from '../../helpers/common';
import { collect, type PageRequest } from '../../helpers/pagination';
import { graphqlRequest } from '../../transport';
import { LIST_SUBMISSIONS } from './documents';

const show = { resource: ['partner'], operation: ['getSubmissions'] };

export const description: INodeProperties[] = [
	...returnAllProperties(show),
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
				name: 'profileId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getPartnerProfiles' },
				default: '',
				description:
					'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			},
			{
				displayName: 'Record ID',
				name: 'recordId',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Awaiting Assessment', value: 'AWAITING_ASSESSMENT' },
					{ name: 'Completed', value: 'COMPLETED' },
					{ name: 'Failed', value: 'FAILED' },
					{ name: 'Processing', value: 'PROCESSING' },
					{ name: 'Queued', value: 'QUEUED' },
				],
				default: 'COMPLETED',
			},
			{
				displayName: 'Updated Since',
				name: 'updatedSince',
				type: 'dateTime',
				default: '',
				description: 'Only submissions changed at or after this time',
			},
		],
	},
];

/** The API's largest page (`first` ≤ 100). */
const MAX_PAGE_SIZE = 100;

interface Connection {
	nodes?: IDataObject[];
	pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
}

/** Pages of the `submissions` connection, following `endCursor` while `hasNextPage`. */
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	if (filters.updatedSince !== undefined) filters.updatedSince = isoDateTime(this, 'Updated Since', filters.updatedSince, itemIndex);
	return await collect.call(
		this,
		connectionPages,
		{ surface: 'partner', path: '/api', qs: filters, itemIndex, settings: settingsFor(this, itemIndex) },
		MAX_PAGE_SIZE,
	);
}
