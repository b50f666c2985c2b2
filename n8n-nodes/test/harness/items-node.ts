import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/** The start of every test workflow: emits the items given in its `items` parameter. */
export class TestItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		usableAsTool: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as unknown;
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as INodeExecutionData[];
		return [items.map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}
