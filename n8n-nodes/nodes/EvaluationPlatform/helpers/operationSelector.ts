import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A resource's Operation dropdown where `show` holds, `defaultOperation` picked first: every
 * resource declares it the same way, only these differ. Each resource file keeps its option list
 * literal, one operation a line; description.test.ts checks the lists for what n8n's lint checks
 * of a dropdown written out in full.
 */
export function operationSelector(
	show: IDisplayOptions['show'],
	defaultOperation: string,
	options: INodePropertyOptions[],
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show },
		options,
		default: defaultOperation,
	};
}
