import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { graphqlRequest } from '../transport';
import { settingsFor, toItems } from './common';

export interface GraphqlDocument {
	/** The GraphQL document; its operation name is one the platform allows. */
	query: string;
	operationName: string;
	mutation?: boolean;
	/** Whether a mutation may be resent after a 5xx or a timeout. */
	idempotent?: boolean;
}

/** The value of one root field of the answer (`null` when the platform has no such record). */
export async function graphqlRoot(
	context: IExecuteFunctions,
	itemIndex: number,
	document: GraphqlDocument,
	rootField: string,
	variables: IDataObject = {},
): Promise<unknown> {
	const data = await graphqlRequest.call(
		context,
		{ ...document, mutation: document.mutation ?? false },
		variables,
		itemIndex,
		settingsFor(context, itemIndex),
	);
	return data[rootField] ?? null;
}

/** One root field as this item's output: a list becomes one item per entry, nothing none. */
export async function graphqlItems(
	context: IExecuteFunctions,
	itemIndex: number,
	document: GraphqlDocument,
	rootField: string,
	variables: IDataObject = {},
): Promise<INodeExecutionData[]> {
	const value = await graphqlRoot(context, itemIndex, document, rootField, variables);
	if (value === null) return [];
	return toItems(value as IDataObject | IDataObject[], itemIndex);
}
