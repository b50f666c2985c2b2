import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import { locatorProperty, PROFILE_ID } from '../../helpers/locators';
import { readSubmissionInput, submissionInputProperties } from '../../helpers/submissionInput';
import { apiJson } from '../../transport';

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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const input = readSubmissionInput(this, itemIndex);
	const body: IDataObject = { record_id: input.recordId, profile_id: input.profileId, fields: input.fields };
	if (input.source !== undefined) body.source = input.source;
	if (input.filters !== undefined) body.filters = input.filters as IDataObject[];
	// record_id is the idempotency key: a resend returns the job the first request queued.
	const queued = await apiJson.call(
		this,
		'automation',
		{ method: 'POST', path: '/api/automation/submissions', body, idempotent: true, itemIndex },
		settingsFor(this, itemIndex),
	);
	return toItems(queued, itemIndex);
}
