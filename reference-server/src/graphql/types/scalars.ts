import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

/** An instant as an ISO 8601 string in UTC, e.g. `2026-06-01T09:30:00.000Z`. */
export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'An instant, as an ISO 8601 string in UTC (e.g. `2026-06-01T09:30:00.000Z`).',
  serialize(value) {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    throw new TypeError('DateTime cannot represent this value');
  },
  parseValue(value) {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    throw new TypeError('DateTime must be an ISO 8601 string');
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING && !Number.isNaN(Date.parse(ast.value))) return new Date(ast.value).toISOString();
    throw new TypeError('DateTime must be an ISO 8601 string');
  },
});

/**
 * Any JSON value: the free-form parts of a submission (`fields`, `filters`) and a criterion's
 * rule, which the Automation API also takes and returns as plain JSON.
 */
export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  description: 'Any JSON value (object, array, string, number, boolean or null).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
