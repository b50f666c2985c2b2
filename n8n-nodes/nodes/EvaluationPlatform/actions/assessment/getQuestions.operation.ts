import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../helpers/common';
import { restJson } from '../../helpers/rest';

export const description: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		displayOptions: { show: { resource: ['assessment'], operation: ['getQuestions'] } },
		options: [
			{
				name: 'Whole Instrument',
				value: 'instrument',
				description: 'One item: version, scale, and the questions by category',
			},
			{
				name: 'One Item per Question',
				value: 'questions',
				description: 'One item per question, with its category, for building a form',
			},
		],
		default: 'instrument',
	},
];

interface Instrument extends IDataObject {
	categories: Record<string, IDataObject[]>;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const instrument = await restJson(this, itemIndex, 'assessment', { method: 'GET', path: '/api/v1/assessment/questions', idempotent: true });
	if (this.getNodeParameter('output', itemIndex, 'instrument') === 'instrument') {
		return toItems(instrument, itemIndex);
	}
	const { categories, ...about } = instrument as Instrument;
	const questions = Object.entries(categories ?? {}).flatMap(([category, list]) =>
		list.map((question) => ({ ...question, category, instrumentVersion: about.version as string })),
	);
	return toItems(questions, itemIndex);
}
