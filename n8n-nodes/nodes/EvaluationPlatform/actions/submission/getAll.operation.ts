import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { compact, isoDateTime, returnAllProperties, settingsFor } from '../../helpers/common';
import { outputProperties, shapeOutput } from '../../helpers/output';
import { collect, cursorPages } from '../../helpers/pagination';
import { simplifySubmission } from '../../helpers/simplify';
import { baseUrlOf } from '../../transport';

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
				typeOptions: { loadOptionsMethod: 'getProfiles' },
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

/** The API's largest page. */
const MAX_PAGE_SIZE = 100;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = compact(this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	if (filters.updated_since !== undefined) filters.updated_since = isoDateTime(this, 'Updated Since', filters.updated_since, itemIndex);
	const items = await collect.call(
		this,
		cursorPages,
		{ surface: 'automation', path: '/api/automation/submissions', qs: filters, itemIndex, settings: settingsFor(this, itemIndex) },
		MAX_PAGE_SIZE,
	);
	const base = await baseUrlOf(this, 'automation');
	return items.map((item) => ({ ...item, json: shapeOutput(this, itemIndex, item.json, (raw) => simplifySubmission(raw, base)) }));
}
