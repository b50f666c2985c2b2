import { z } from 'zod';
import type { AppContext } from '../context.js';
import { getOrganization } from '../tenancy/index.js';

/**
 * One operator command: the schema of what it takes, the schema of what it answers, and its work.
 * Both schemas are checked on every call (runCommand), so a caller is typed by them and an answer
 * that left the server is the answer the types promise, in process and over HTTP alike.
 */
export interface Command<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** `signal` ends a command that waits (certify.wait) when its caller went away. */
  run(ctx: AppContext, input: z.output<I>, signal?: AbortSignal): Promise<z.input<O>>;
  cli?: CliHints;
}

/** Where a command's CLI differs from what its schema gives by default. */
export interface CliHints {
  /** Option names of fields, where not the field's name in kebab-case (`orgId` is always `--org`). */
  flags?: Record<string, string>;
  /** The field given as the command's argument instead of an option. */
  argument?: string;
  /** The field read from the JSON file an option names. */
  jsonFile?: string;
  /** Values the CLI sends for fields not given (where the command's own default differs). */
  defaults?: Record<string, string>;
}

export const command = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, run: Command<I, O>['run'], cli?: CliHints): Command<I, O> => ({
  input,
  output,
  run,
  ...(cli ? { cli } : {}),
});

export class OperatorError extends Error {
  override name = 'OperatorError';

  /** The operator endpoint's status for it: 400 (the input), or 409 (the state refuses it, e.g. too many running runs). */
  constructor(
    message: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
  }
}

export const orgId = z.string().min(1).describe('organisation id');

export async function requireOrg(ctx: AppContext, id: string): Promise<void> {
  if (!(await getOrganization(ctx, id))) throw new OperatorError(`unknown organisation ${id}`);
}
