import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllProperties, settingsFor } from '../../helpers/common';
import { collect, cursorPages } from '../../helpers/pagination';
import { submissionRef, submissionRefProperties } from '../../helpers/submissionRef';

export const description: INodeProperties[] = [
	...submissionRefProperties('transcript', 'getAll', true),
	...returnAllProperties({ resource: ['transcript'], operation: ['getAll'] }),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await collect.call(
		this,
		cursorPages,
		{
			surface: 'automation',
			path: '/api/automation/transcripts',
			qs: submissionRef(this, itemIndex),
			itemIndex,
			settings: settingsFor(this, itemIndex),
		},
		100,
	);
}
