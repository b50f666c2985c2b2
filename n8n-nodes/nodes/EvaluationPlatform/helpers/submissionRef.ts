import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { submissionLocator, submissionQuery } from './submissionLocator';

/**
 * Which submission a resource or transcript belongs to: the Submission picker (from the list,
 * by ID, or by your record ID, which the attachment endpoints accept as they are). Lists may
 * leave it empty for every submission of the organization.
 */
export function submissionRefProperties(resource: string, operation: string, allowAny = false): INodeProperties[] {
	const property = submissionLocator({ resource: [resource], operation: [operation] });
	if (!allowAny) return [property];
	return [{ ...property, required: false, description: `${property.description ?? ''}. Leave empty for every submission.` }];
}

export function submissionRef(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const picked = context.getNodeParameter('submission', itemIndex, { mode: 'list', value: '' }) as INodeParameterResourceLocator;
	const required = context.getNode().parameters.operation !== 'getAll';
	if (!required && String(picked.value ?? '').trim() === '') return {};
	return submissionQuery(context, itemIndex);
}
