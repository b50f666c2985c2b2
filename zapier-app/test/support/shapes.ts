import { outputFieldsFrom } from '../../src/output-fields.js';

/** The flattened keys Zapier shows for a result, as the app's outputFields name them. */
export const flatKeys = (value: object): string[] => outputFieldsFrom(value as Record<string, unknown>).map((f) => f.key).sort();

export const fieldKeys = (fields: unknown): string[] => ((fields ?? []) as { key: string }[]).map((f) => f.key).sort();
