import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllProperties, settingsFor } from '../../helpers/common';
import { collect, cursorPages } from '../../helpers/pagination';

export const description: INodeProperties[] = [...returnAllProperties({ resource: ['webhook'], operation: ['getAll'] })];

/** At most 50 subscriptions per API: small pages keep each answer short. */
const PAGE_SIZE = 20;

/** Every page of `GET /api/automation/webhooks` with Return All, following `next_cursor`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await collect.call(
		this,
		cursorPages,
		{ surface: 'automation', path: '/api/automation/webhooks', qs: {}, itemIndex, settings: settingsFor(this, itemIndex) },
		PAGE_SIZE,
	);
}
