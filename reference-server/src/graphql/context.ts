import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { fieldProblems, type FieldProblem } from '../http/invalid-fields.js';

/** What every resolver is given: the server's dependencies and the caller the Bearer guard established. */
export type GraphqlContext = {
  ctx: AppContext;
  principal: Principal;
};

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
