import { GraphQLError } from 'graphql';
import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';

/** What every resolver is given: the server's dependencies and the caller the Bearer guard established. */
export type GraphqlContext = {
  ctx: AppContext;
  principal: Principal;
};

/** A field error (HTTP 200, `errors[]`) with a machine-readable code. */
export function fieldError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
