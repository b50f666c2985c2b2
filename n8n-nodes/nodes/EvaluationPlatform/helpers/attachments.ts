import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { additionalFieldsProperty, returnAllProperties, settingsFor } from './common';
import { collect, cursorPages } from './pagination';
import { restItems } from './rest';
import { submissionLocator } from './submissionLocator';
import { submissionRef, submissionRefProperties } from './submissionRef';
import type { OperationModule } from './types';

/**
 * What a submission's resources and transcripts have alike: both are attached to a submission, from
 * the kind's own source or from a binary file, and read back one by ID or listed per submission.
 */
export interface AttachmentKind {
	/** The node's resource value, which is also how messages name one. */
	resource: 'resource' | 'transcript';
	/** Before the `_` of the platform's IDs of this kind. */
	idPrefix: string;
	/** The Automation API collection. */
	path: string;
}

export interface AttachSpec {
	/** The kind's own way to attach, offered before Binary File. */
	from: INodePropertyOptions & { value: string };
	binaryDescription: string;
	/** The parameter of that way, shown when it is picked. */
	fromProperty: INodeProperties;
	additionalFields: INodeProperties[];
}

/** Attach's parameters: the submission, where from, that source or the binary field, the optional fields. */
export function attachProperties(show: IDisplayOptions['show'], spec: AttachSpec): INodeProperties[] {
	const firstChoice = spec.from.value;
	return [
		submissionLocator(show),
		{
			displayName: 'Attach From',
			name: 'attachFrom',
			type: 'options',
			displayOptions: { show },
			options: [spec.from, { name: 'Binary File', value: 'binary', description: spec.binaryDescription }],
			default: firstChoice,
		},
		spec.fromProperty,
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			displayOptions: { show: { ...show, attachFrom: ['binary'] } },
			default: 'data',
			hint: 'The name of the input binary field holding the file',
		},
		additionalFieldsProperty(show, spec.additionalFields),
	];
}

/** The item's binary file as a multipart upload, the other fields beside it. */
export async function binaryUpload(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	file: { defaultName: string; contentType?: string },
): Promise<FormData> {
	const field = context.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const binary = context.helpers.assertBinaryData(itemIndex, field);
	const buffer = await context.helpers.getBinaryDataBuffer(itemIndex, field);
	const form = new FormData();
	for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
	form.append('file', new Blob([new Uint8Array(buffer)], { type: file.contentType ?? binary.mimeType }), binary.fileName ?? file.defaultName);
	return form;
}

/** Get: one record of the kind by its ID, checked for the kind's prefix before the request. */
export function attachmentGet(kind: AttachmentKind): OperationModule {
	const parameter = `${kind.resource}Id`;
	const pattern = new RegExp(`^${kind.idPrefix}_[A-Za-z0-9_-]+$`);
	return {
		description: [
			{
				displayName: `${kind.resource[0]!.toUpperCase()}${kind.resource.slice(1)} ID`,
				name: parameter,
				type: 'string',
				required: true,
				placeholder: `${kind.idPrefix}_…`,
				displayOptions: { show: { resource: [kind.resource], operation: ['get'] } },
				default: '',
				description: `The ${kind.idPrefix}_… ID, as Attach and Get Many return it`,
			},
		],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const id = String(this.getNodeParameter(parameter, itemIndex)).trim();
			if (!pattern.test(id)) {
				throw new NodeOperationError(this.getNode(), `"${id}" is not a ${kind.resource} ID`, {
					itemIndex,
					description: `Expected ${kind.idPrefix}_ followed by letters and digits, as in the output of Attach or Get Many`,
				});
			}
			return await restItems(this, itemIndex, 'automation', { method: 'GET', path: `${kind.path}/${encodeURIComponent(id)}`, idempotent: true });
		},
	};
}

/** Get Many: the kind's records of one submission, or of every submission when none is picked. */
export function attachmentList(kind: AttachmentKind): OperationModule {
	return {
		description: [
			...submissionRefProperties(kind.resource, 'getAll', true),
			...returnAllProperties({ resource: [kind.resource], operation: ['getAll'] }),
		],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			return await collect.call(
				this,
				cursorPages,
				{ surface: 'automation', path: kind.path, qs: submissionRef(this, itemIndex), itemIndex, settings: settingsFor(this, itemIndex) },
				100,
			);
		},
	};
}
