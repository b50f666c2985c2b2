import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SETTINGS, type RequestSettings } from '../transport';

/** Shown on every operation: how long to wait for the platform and how often to retry. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description:
				'How many times to resend a request the platform rate-limited (429) or failed on (5xx, network). Requests that create something are only resent when the platform did not act on them. With Retry On Fail on, its tries share the resends after a 5xx or a timeout.',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeoutMs',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 30000,
			description: 'How long to wait for each response before giving up on that attempt',
		},
	],
};

/** How many times n8n runs a node whose Retry On Fail is on, as n8n-core bounds it (2–5, default 3). */
export function n8nTries(node: { retryOnFail?: boolean; maxTries?: number }): number {
	return node.retryOnFail === true ? Math.min(5, Math.max(2, node.maxTries || 3)) : 1;
}

/**
 * A step's request settings from its Options. When n8n's Retry On Fail is on, n8n runs the node
 * again after it failed, each run with its own retries: n8n's tries then share the node's
 * retries after a 5xx or a timeout, so a persistent 503 still meets at most Max Retries + 1
 * requests in all (3 tries × 4 requests would be 12, more than the 10 a minute the platform's
 * certification allows: api.bounded-retries). 429s keep every retry: they wait as told.
 */
export function settingsFor(context: IExecuteFunctions, itemIndex: number): RequestSettings {
	const options = context.getNodeParameter('requestOptions', itemIndex, {}) as Partial<RequestSettings>;
	const maxRetries = options.maxRetries ?? DEFAULT_SETTINGS.maxRetries;
	return {
		timeoutMs: options.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs,
		maxRetries,
		maxTransientRetries: Math.max(0, Math.floor((maxRetries + 1) / n8nTries(context.getNode())) - 1),
		fromOptions: true,
	};
}

export function returnAllProperties(show: IDisplayOptions['show'], maxLimit = 100): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions: { show },
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...show, returnAll: [false] } },
			typeOptions: { minValue: 1, maxValue: maxLimit },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

/** The optional fields of an operation, under n8n's usual "Add Field" button. */
export function additionalFieldsProperty(show: IDisplayOptions['show'], options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		displayOptions: { show },
		default: {},
		options,
	};
}

/** Wraps API records as this item's output, each paired with the input item it came from. */
export function toItems(records: IDataObject | IDataObject[], itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(records) ? records : [records];
	return list.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/** A parameter that takes a JSON object, given either as an object or as JSON text. */
export function objectParameter(context: IExecuteFunctions, name: string, itemIndex: number): IDataObject {
	const raw = context.getNodeParameter(name, itemIndex, {}) as unknown;
	const value = typeof raw === 'string' ? (raw.trim() === '' ? {} : jsonParse<unknown>(raw, { errorMessage: `"${name}" is not valid JSON` })) : raw;
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new NodeOperationError(context.getNode(), `"${name}" must be a JSON object`, { itemIndex });
	}
	return value as IDataObject;
}

/** A parameter that takes a JSON array, given either as an array or as JSON text. */
export function arrayParameter(context: IExecuteFunctions, name: string, itemIndex: number): unknown[] | undefined {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	if (raw === '' || raw === undefined || raw === null) return undefined;
	const value = typeof raw === 'string' ? jsonParse<unknown>(raw, { errorMessage: `"${name}" is not valid JSON` }) : raw;
	if (!Array.isArray(value)) {
		throw new NodeOperationError(context.getNode(), `"${name}" must be a JSON array`, { itemIndex });
	}
	return value;
}

/**
 * n8n's date picker gives a local date-time without a zone (`2026-11-23T09:30:00`), which the
 * platform refuses: read it in the n8n instance's time and send it as ISO 8601 UTC.
 */
export function isoDateTime(context: IExecuteFunctions, name: string, value: unknown, itemIndex: number): string {
	const date = new Date(String(value));
	if (Number.isNaN(date.getTime())) {
		throw new NodeOperationError(context.getNode(), `"${name}" is not a date and time: ${String(value)}`, {
			itemIndex,
			description: 'Pick a date in the date picker, or give an ISO 8601 date-time such as 2026-11-23T09:30:00Z',
		});
	}
	return date.toISOString();
}

/** Drops empty strings and undefined values, so optional parameters are not sent blank. */
export function compact(values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue;
		out[key] = value;
	}
	return out;
}
