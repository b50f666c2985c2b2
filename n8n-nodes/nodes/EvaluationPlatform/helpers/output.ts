import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * The output choice of operations whose answer is large (n8n asks for it on nodes used as AI
 * tools): Simplified keeps at most ten fields a person or an agent acts on, Raw is the API's
 * answer, Selected Fields keeps the top-level fields named.
 */
export const MAX_SIMPLIFIED_FIELDS = 10;

export function outputProperties(show: IDisplayOptions['show']): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			displayOptions: { show },
			options: [
				{ name: 'Simplified', value: 'simplified', description: `At most ${MAX_SIMPLIFIED_FIELDS} fields: the scores, the summary and a link` },
				{ name: 'Raw', value: 'raw', description: 'Everything the platform returns' },
				{ name: 'Selected Fields', value: 'fields', description: 'Only the fields you name' },
			],
			default: 'simplified',
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'string',
			displayOptions: { show: { ...show, output: ['fields'] } },
			default: '',
			placeholder: 'status, criteria, report',
			description: 'Comma-separated names of the top-level fields to return',
		},
	];
}

/** One record as the item's Output parameter asks for it. */
export function shapeOutput(
	context: IExecuteFunctions,
	itemIndex: number,
	raw: IDataObject,
	simplify: (raw: IDataObject) => IDataObject,
): IDataObject {
	const output = context.getNodeParameter('output', itemIndex, 'simplified') as string;
	if (output === 'raw') return raw;
	if (output === 'fields') {
		const names = String(context.getNodeParameter('outputFields', itemIndex, ''))
			.split(',')
			.map((name) => name.trim())
			.filter(Boolean);
		return Object.fromEntries(names.filter((name) => name in raw).map((name) => [name, raw[name]]));
	}
	return simplify(raw);
}
