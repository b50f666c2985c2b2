import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { settingsFor, toItems } from '../../helpers/common';
import type { OperationModule } from '../../helpers/types';
import { graphqlRequest } from '../../transport';

export interface GraphqlOperationSpec {
	/** The GraphQL document; its operation name is one of the partner operations. */
	query: string;
	operationName: string;
	mutation?: boolean;
	/** The root field whose value becomes the output (a list becomes one item per entry). */
	rootField: string;
	description?: INodeProperties[];
	variables?: (this: IExecuteFunctions, itemIndex: number) => IDataObject;
}

/** An operation of the partner resource: one allowlisted GraphQL document. */
export function graphqlOperation(spec: GraphqlOperationSpec): OperationModule {
	return {
		description: spec.description ?? [],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const variables = spec.variables ? spec.variables.call(this, itemIndex) : {};
			const data = await graphqlRequest.call(
				this,
				{ query: spec.query, operationName: spec.operationName, mutation: spec.mutation ?? false },
				variables,
				itemIndex,
				settingsFor(this, itemIndex),
			);
			const value = data[spec.rootField];
			if (value === null || value === undefined) return [];
			return toItems(value as IDataObject | IDataObject[], itemIndex);
		},
	};
}
