import { outputFieldsFrom } from '../../src/output-fields.js';

/** The flattened keys Zapier shows for a result, as the app's outputFields name them. */
export const flatKeys = (value: object): string[] => outputFieldsFrom(value as Record<string, unknown>).map((f) => f.key).sort();

export const fieldKeys = (fields: unknown): string[] => ((fields ?? []) as { key: string }[]).map((f) => f.key).sort();

/** A step's operation, with the members the tests call (the schema's union types do not narrow by key). */
export interface StepOperation {
  perform: never;
  performList?: never;
  performSubscribe?: never;
  performUnsubscribe?: never;
  inputFields?: unknown[];
  outputFields?: unknown;
  sample?: unknown;
}

export const operationOf = (step: { operation: unknown }): StepOperation => step.operation as StepOperation;
