import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { fieldProblems, type FieldProblem } from '../http/index.js';

/*
 * Every error the partner GraphQL API raises inside a result (HTTP 200, `errors[]`); refusals
 * before execution (auth, allowlist, body) are answered by the handler.
 */

/** A field error (HTTP 200, `errors[]`) with a machine-readable code. */
export function fieldError(message: string, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/**
 * Invalid arguments: `BAD_USER_INPUT` with `extensions.fields: [{field, message}]`, the same
 * list the REST surfaces put in a 400 body, so a connector shows one kind of message for both.
 */
export function inputError(problems: FieldProblem[]): GraphQLError {
  return fieldError(`Invalid input: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}.`, 'BAD_USER_INPUT', { fields: problems });
}

/**
 * Parses arguments with a zod schema, or throws `inputError`. `rename` maps the schema's field
 * names to the GraphQL argument names (a REST schema reused here says `record_id`, GraphQL `recordId`).
 */
export function parseArgs<S extends z.ZodType>(schema: S, input: unknown, rename: Record<string, string> = {}, root = 'input'): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw inputError(
    fieldProblems(parsed.error, root).map(({ field, message }) => {
      const [head = '', ...rest] = field.split('.');
      return { field: [rename[head] ?? head, ...rest].join('.'), message };
    }),
  );
}
