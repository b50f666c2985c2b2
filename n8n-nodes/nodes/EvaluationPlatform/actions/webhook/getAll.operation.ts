import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { apiJson } from '../../transport';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: '/api/automation/webhooks', idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems((body.data as IDataObject[] | undefined) ?? [], itemIndex);
}
