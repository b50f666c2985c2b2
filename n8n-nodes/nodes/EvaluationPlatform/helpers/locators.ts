import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyMode,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Resource locators (n8n's "From list / By ID" picker) for the records a user picks one of.
 * Each ID mode carries a pattern, checked in the editor and again before the request, so a
 * mistyped ID fails with a message naming what was expected instead of a 404.
 */
export interface LocatorSpec {
	displayName: string;
	name: string;
	searchListMethod: string;
	/** Regex an ID must match (anchored when checked), and how the message names it. */
	idPattern?: { regex: string; example: string };
	/** A third mode for the caller's own record ID, where the API accepts it. */
	recordIdMode?: boolean;
	description?: string;
	required?: boolean;
}

export function locatorProperty(spec: LocatorSpec, show: IDisplayOptions['show']): INodeProperties {
	const modes: INodePropertyMode[] = [
		mode('From List', 'list', 'list', { typeOptions: { searchListMethod: spec.searchListMethod, searchable: true } }),
		mode('By ID', 'id', 'string', {
			placeholder: spec.idPattern?.example ?? '',
			...(spec.idPattern
				? {
						validation: [
							{
								type: 'regex',
								properties: {
									regex: spec.idPattern.regex,
									errorMessage: `Not a valid ID (expected something like ${spec.idPattern.example})`,
								},
							},
						],
					}
				: {}),
		}),
	];
	if (spec.recordIdMode) modes.push(mode('By Record ID', 'recordId', 'string', { placeholder: 'crm-1001' }));
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: spec.required ?? true,
		displayOptions: { show },
		description: spec.description,
		modes,
	};
}

function mode(displayName: string, name: string, type: INodePropertyMode['type'], rest: Partial<INodePropertyMode>): INodePropertyMode {
	return { displayName, name, type, ...rest };
}

export interface Located {
	mode: 'list' | 'id' | 'recordId';
	value: string;
}

/** The picked record: its mode and value, the ID checked against the locator's pattern. */
export function located(context: IExecuteFunctions, name: string, itemIndex: number, idPattern?: LocatorSpec['idPattern']): Located {
	const raw = context.getNodeParameter(name, itemIndex) as INodeParameterResourceLocator | string;
	const locator = typeof raw === 'string' ? { mode: 'id', value: raw } : raw;
	const value = String(locator.value ?? '').trim();
	const mode = (locator.mode === 'recordId' ? 'recordId' : locator.mode === 'list' ? 'list' : 'id') as Located['mode'];
	if (value === '') {
		throw new NodeOperationError(context.getNode(), `Pick a record for "${name}" from the list, or enter its ID`, { itemIndex });
	}
	if (mode !== 'recordId' && idPattern && !new RegExp(`^(?:${idPattern.regex})$`).test(value)) {
		throw new NodeOperationError(context.getNode(), `"${value}" is not a valid ID for "${name}"`, {
			itemIndex,
			description: `Expected something like ${idPattern.example}. Pick the record from the list, or copy its ID from an earlier node's output.`,
		});
	}
	return { mode, value };
}

export const SUBMISSION_ID = { regex: '(?:sub|job)_[A-Za-z0-9_-]+', example: 'sub_lI2Kuhv5mEOR94_8' };
export const PROFILE_ID = { regex: 'prf_[A-Za-z0-9_-]+', example: 'prf_preseed_founder' };
export const WEBHOOK_ID = { regex: 'whk_[A-Za-z0-9_-]+', example: 'whk_Q2x1ZXN0aW9u' };
