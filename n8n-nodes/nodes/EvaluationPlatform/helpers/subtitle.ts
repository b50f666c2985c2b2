import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The node's subtitle as people read it ("Get Many: Submission"), not the parameter values
 * ("getAll: submission"): an expression looking the values up in maps of their labels.
 */
export function labelSubtitle(resources: INodePropertyOptions[], operationProperties: INodeProperties[]): string {
	const resourceLabels = Object.fromEntries(resources.map((o) => [String(o.value), o.name]));
	const operationLabels: Record<string, Record<string, string>> = {};
	for (const property of operationProperties) {
		if (property.name !== 'operation') continue;
		for (const resource of property.displayOptions?.show?.resource ?? []) {
			// A resource may list its operations once per way of signing in: the labels are merged.
			operationLabels[String(resource)] = {
				...operationLabels[String(resource)],
				...Object.fromEntries(((property.options ?? []) as INodePropertyOptions[]).map((o) => [String(o.value), o.name])),
			};
		}
	}
	const r = literal(resourceLabels);
	const o = literal(operationLabels);
	return `={{(${o}[$parameter["resource"]] || {})[$parameter["operation"]] + ": " + ${r}[$parameter["resource"]]}}`;
}

/** An object literal for an n8n expression: JSON, with `}}` and `{{` split so they cannot end or open one. */
export function literal(value: object): string {
	return JSON.stringify(value).replace(/([{}])(?=[{}])/g, '$1 ');
}
