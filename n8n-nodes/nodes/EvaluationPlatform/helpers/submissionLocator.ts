import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiJson, type RequestSettings } from '../transport';
import { located, locatorProperty, SUBMISSION_ID } from './locators';

/** The Submission picker: from the list, by the platform's ID, or by your own record ID. */
export function submissionLocator(show: IDisplayOptions['show']): INodeProperties {
	return locatorProperty(
		{
			displayName: 'Submission',
			name: 'submission',
			searchListMethod: 'searchSubmissions',
			idPattern: SUBMISSION_ID,
			recordIdMode: true,
			description: 'The submission, picked from the list, by its sub_… or job_… ID, or by the record ID you gave it',
		},
		show,
	);
}

/** The query keys the attachment endpoints take for the picked submission. */
export function submissionQuery(context: IExecuteFunctions, itemIndex: number): { submission_id: string } | { record_id: string } {
	const picked = located(context, 'submission', itemIndex, SUBMISSION_ID);
	return picked.mode === 'recordId' ? { record_id: picked.value } : { submission_id: picked.value };
}

/** The platform's ID of the picked submission; a record ID is looked up (record IDs are unique). */
export async function submissionId(context: IExecuteFunctions, itemIndex: number, settings: RequestSettings): Promise<string> {
	const picked = located(context, 'submission', itemIndex, SUBMISSION_ID);
	if (picked.mode !== 'recordId') return picked.value;
	const page = await apiJson.call(
		context,
		'automation',
		{ method: 'GET', path: '/api/automation/submissions', qs: { record_id: picked.value, limit: 1 }, idempotent: true, itemIndex },
		settings,
	);
	const found = ((page.data as Array<{ id?: string }> | undefined) ?? [])[0];
	if (!found?.id) {
		throw new NodeOperationError(context.getNode(), `No submission has the record ID "${picked.value}"`, {
			itemIndex,
			description: 'Record IDs are the ones you gave when creating submissions; check for typos, or pick the submission from the list',
		});
	}
	return found.id;
}
