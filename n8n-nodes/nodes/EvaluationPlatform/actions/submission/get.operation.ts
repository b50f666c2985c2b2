import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { surfaceOf, usesOAuth2 } from '../../helpers/authentication';
import { settingsFor, toItems } from '../../helpers/common';
import { graphqlRoot } from '../../helpers/graphql';
import { located, SUBMISSION_ID } from '../../helpers/locators';
import { outputProperties, shapeOutput } from '../../helpers/output';
import { simplifyPartnerSubmission, simplifySubmission } from '../../helpers/simplify';
import { submissionId, submissionLocator } from '../../helpers/submissionLocator';
import { apiJson, baseUrlOf } from '../../transport';
import { GET_SUBMISSION } from '../../transport/documents';

const show = { resource: ['submission'], operation: ['get'] };

export const description: INodeProperties[] = [submissionLocator(show), ...outputProperties(show)];

/**
 * The submission with its criteria, founders and report: `GET /api/automation/submissions/:id`
 * with the automation key, `getSubmissionQuery` (by ID or record ID) signed in with OAuth2.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const base = await baseUrlOf(this, surfaceOf(this, itemIndex));
	if (usesOAuth2(this, itemIndex)) {
		const picked = located(this, 'submission', itemIndex, SUBMISSION_ID);
		const variables = picked.mode === 'recordId' ? { recordId: picked.value } : { id: picked.value };
		const submission = (await graphqlRoot(this, itemIndex, { query: GET_SUBMISSION, operationName: 'getSubmissionQuery' }, 'submission', variables)) as IDataObject | null;
		if (!submission) {
			const what = picked.mode === 'recordId' ? `the record ID "${picked.value}"` : `the ID "${picked.value}"`;
			throw new NodeOperationError(this.getNode(), `No submission of the organization has ${what}`, {
				itemIndex,
				description: 'Pick the submission from the list, or check the ID or record ID against an earlier node\'s output',
			});
		}
		return toItems(shapeOutput(this, itemIndex, submission, (raw) => simplifyPartnerSubmission(raw, base)), itemIndex);
	}
	const settings = settingsFor(this, itemIndex);
	const id = await submissionId(this, itemIndex, settings);
	const detail = await apiJson.call(
		this,
		'automation',
		{ method: 'GET', path: `/api/automation/submissions/${encodeURIComponent(id)}`, idempotent: true, itemIndex },
		settings,
	);
	return toItems(shapeOutput(this, itemIndex, detail, (raw: IDataObject) => simplifySubmission(raw, base)), itemIndex);
}
