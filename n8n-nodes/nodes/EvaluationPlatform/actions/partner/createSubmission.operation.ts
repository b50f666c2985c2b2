import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { readSubmissionInput, submissionInputProperties } from '../../helpers/submissionInput';
import { graphqlRequest } from '../../transport';
import { CREATE_SUBMISSION } from './documents';

const show = { resource: ['partner'], operation: ['createSubmission'] };

export const description: INodeProperties[] = submissionInputProperties(show, {
	displayName: 'Profile Name or ID',
	name: 'profileId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getPartnerProfiles' },
	required: true,
	displayOptions: { show },
	default: '',
	description:
		'The profile to evaluate against. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
});

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const input = readSubmissionInput(this, itemIndex);
	const data = await graphqlRequest.call(
		this,
		// The record ID makes a resend return the submission the first request queued.
		{ query: CREATE_SUBMISSION, operationName: 'createSubmissionMutation', mutation: true, idempotent: true },
		{ input: input as unknown as IDataObject },
		itemIndex,
		settingsFor(this, itemIndex),
	);
	const created = data.createSubmission as { existing: boolean; submission: IDataObject };
	return toItems({ ...created.submission, existing: created.existing }, itemIndex);
}
