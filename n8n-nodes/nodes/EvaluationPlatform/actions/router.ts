import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { OperationModule } from '../helpers/types';
import * as account from './account/Account.resource';
import * as assessment from './assessment/Assessment.resource';
import * as benchmarkTag from './benchmarkTag/BenchmarkTag.resource';
import * as integration from './integration/Integration.resource';
import * as organization from './organization/Organization.resource';
import * as profile from './profile/Profile.resource';
import * as resource from './resource/Resource.resource';
import * as submission from './submission/Submission.resource';
import * as transcript from './transcript/Transcript.resource';
import * as webhook from './webhook/Webhook.resource';

const resources: Record<string, Record<string, OperationModule>> = {
	account: account.operations,
	profile: profile.operations,
	submission: submission.operations,
	resource: resource.operations,
	transcript: transcript.operations,
	webhook: webhook.operations,
	assessment: assessment.operations,
	benchmarkTag: benchmarkTag.operations,
	integration: integration.operations,
	organization: organization.operations,
};

/** Errors as the item's output when "Continue On Fail" is on: what went wrong, for which item. */
function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error instanceof Error ? error.message : String(error) };
	if (error instanceof NodeApiError) {
		if (error.httpCode) json.httpCode = error.httpCode;
		if (error.description) json.description = error.description;
		if (error.context?.data) json.details = error.context.data as IDataObject;
	}
	return { json, pairedItem: { item: itemIndex } };
}

/** Runs the chosen operation once per input item, in order. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = resources[resource]?.[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			output.push(...(await handler.execute.call(this, itemIndex)));
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem(error, itemIndex));
				continue;
			}
			if (error instanceof NodeApiError) {
				error.context.itemIndex ??= itemIndex;
				throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			}
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	return [output];
}
