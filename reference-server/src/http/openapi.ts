import { z } from 'zod';

/**
 * Building blocks of the REST surfaces' OpenAPI 3.1 documents, generated from the zod schemas
 * the handlers validate with and type their answers by, so a document cannot drift from the code.
 */
export type JsonSchema = Record<string, unknown>;

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * zod spells out what JSON Schema already says: date-times get a long regex next to
 * `format: date-time`, and integers get ±2^53 bounds. Readers of the document see the format.
 */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
  for (const bound of ['minimum', 'maximum'] as const) {
    if (SAFE_INTEGER_BOUNDS.has(jsonSchema[bound] as number)) delete jsonSchema[bound];
  }
}

/**
 * `components.schemas` for the named zod schemas: a named schema used inside another becomes a
 * `$ref`. `input` describes what a request may carry (keys with defaults are optional), `output`
 * what an answer holds. A schema reused or recursive without a name of its own would land in an
 * unaddressable `__shared` bag, so that throws: name it.
 */
export function componentSchemas(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any', override: tidy }) as {
    schemas: Record<string, JsonSchema>;
  };
  if (out.__shared) throw new Error(`Name the schemas used in several places or recursively: ${JSON.stringify(out.__shared).slice(0, 200)}`);
  return Object.fromEntries(Object.entries(out).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]));
}

/** Merges component maps; one id naming two different schemas (an input and an output shape, say) throws. */
export function mergeComponents(...maps: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = {};
  for (const map of maps) {
    for (const [id, schema] of Object.entries(map)) {
      if (id in merged && JSON.stringify(merged[id]) !== JSON.stringify(schema)) throw new Error(`Two different schemas are named ${id}`);
      merged[id] = schema;
    }
  }
  return merged;
}

/** The query parameters of a zod object schema (the one the handler parses `req.query` with). */
export function queryParameters(schema: z.ZodObject): JsonSchema[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: tidy }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(typeof description === 'string' ? { description } : {}),
  }));
}

export const jsonRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** A response whose body is the named component. */
export const jsonResponse = (id: string, description: string, extra: JsonSchema = {}) => ({
  description,
  content: { 'application/json': { schema: jsonRef(id) } },
  ...extra,
});
