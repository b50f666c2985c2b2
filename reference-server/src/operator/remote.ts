import { callOperator, readAll } from '../transport/index.js';
import type { LockHolder } from '../store/index.js';
import { answerOf, type OperatorCall } from './commands.js';

/** A command the holding server refused; `status` is its answer's (409: the state refuses it, as OperatorError's). */
export class ForwardedCommandError extends Error {
  override name = 'ForwardedCommandError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const messageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : undefined;

/**
 * The typed call through the server holding the data folder: its operator endpoint (router.ts)
 * checks the input and its answer against the command's schemas, and the answer is checked here
 * again, so what reaches the CLI is what the types say.
 */
export const remote =
  (holder: LockHolder): OperatorCall =>
  async (name, input, options) => {
    const { status, response } = await callOperator(holder, name, input, options?.signal);
    const body: unknown = JSON.parse((await readAll(response)).toString('utf8'));
    if (status < 200 || status >= 300) throw new ForwardedCommandError(messageOf(body) ?? `operator endpoint answered ${status}`, status);
    return answerOf(name, body);
  };
