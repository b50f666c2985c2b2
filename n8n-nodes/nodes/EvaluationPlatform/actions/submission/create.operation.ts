import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { toItems } from '../../helpers/common';
import { graphqlRoot } from '../../helpers/graphql';
import { locatorProperty, PROFILE_ID } from '../../helpers/locators';
import { restItems } from '../../helpers/rest';
import { readSubmissionInput, submissionInputProperties } from '../../helpers/submissionInput';
import { CREATE_SUBMISSION } from '../../transport/documents';

const show = { resource: ['submission'], operation: ['create'] };

export const description: INodeProperties[] = submissionInputProperties(
	show,
	locatorProperty(
		{
			displayName: 'Profile',
			name: 'profileId',
			searchListMethod: 'searchProfiles',
			idPattern: PROFILE_ID,
			description: 'The profile to evaluate against',
		},
		show,
	),
);

/**
 * Queues the submission through the chosen API; both create the same record, and `record_id` is
 * the idempotency key of both: a resend returns the job the first request queued.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const input = readSubmissionInput(this, itemIndex);
	if (usesOAuth2(this, itemIndex)) {
		const created = (await graphqlRoot(
			this,
			itemIndex,
			{ query: CREATE_SUBMISSION, operationName: 'createSubmissionMutation', mutation: true, idempotent: true },
			'createSubmission',
			{ input: input as unknown as IDataObject },
		)) as { existing: boolean; submission: IDataObject };
		return toItems({ ...created.submission, existing: created.existing }, itemIndex);
	}
	const body: IDataObject = { record_id: input.recordId, profile_id: input.profileId, fields: input.fields };
	if (input.source !== undefined) body.source = input.source;
	if (input.filters !== undefined) body.filters = input.filters as IDataObject[];
	return await restItems(this, itemIndex, 'automation', { method: 'POST', path: '/api/automation/submissions', body, idempotent: true });
}
