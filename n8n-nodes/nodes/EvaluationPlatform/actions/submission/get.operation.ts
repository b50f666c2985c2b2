import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { outputProperties, shapeOutput } from '../../helpers/output';
import { simplifySubmission } from '../../helpers/simplify';
import { submissionId, submissionLocator } from '../../helpers/submissionLocator';
import { apiJson, baseUrlOf } from '../../transport';

const show = { resource: ['submission'], operation: ['get'] };

export const description: INodeProperties[] = [submissionLocator(show), ...outputProperties(show)];

/** `GET /api/automation/submissions/:id`: the submission with its criteria, founders and report. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const settings = settingsFor(this, itemIndex);
	const id = await submissionId(this, itemIndex, settings);
	const detail = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: `/api/automation/submissions/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settings,
	);
	const base = await baseUrlOf(this, 'automation');
	return toItems(shapeOutput(this, itemIndex, detail, (raw: IDataObject) => simplifySubmission(raw, base)), itemIndex);
}
