import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllProperties, settingsFor } from '../../helpers/common';
import { collect, numberedPages } from '../../helpers/pagination';

export const description: INodeProperties[] = [
	...returnAllProperties({ resource: ['benchmarkTag'], operation: ['getAll'] }),
];

/** The API caps `limit` at 100. */
const MAX_PAGE_SIZE = 100;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await collect.call(
		this,
		numberedPages('tags'),
		{ surface: 'assessment', path: '/api/v1/benchmark-tags', qs: {}, itemIndex, settings: settingsFor(this, itemIndex) },
		MAX_PAGE_SIZE,
	);
}
