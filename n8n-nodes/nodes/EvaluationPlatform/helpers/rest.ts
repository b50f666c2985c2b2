import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiJson, type ApiRequest, type Surface } from '../transport';
import { settingsFor, toItems } from './common';

/** What one request of this item to a REST API (Automation, Assessment) answers, sent with the step's Options. */
export async function restJson(
	context: IExecuteFunctions,
	itemIndex: number,
	surface: Surface,
	request: Omit<ApiRequest, 'itemIndex'>,
): Promise<IDataObject> {
	return await apiJson.call(context, surface, { ...request, itemIndex }, settingsFor(context, itemIndex));
}

/** The answer of one request as this item's output. */
export async function restItems(
	context: IExecuteFunctions,
	itemIndex: number,
	surface: Surface,
	request: Omit<ApiRequest, 'itemIndex'>,
): Promise<INodeExecutionData[]> {
	return toItems(await restJson(context, itemIndex, surface, request), itemIndex);
}
