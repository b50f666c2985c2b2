import { z } from 'zod';
import type { AppContext } from '../context.js';
import { ACCOUNT_COMMANDS } from './account-commands.js';
import { CERTIFY_COMMANDS } from './certify-commands.js';
import { OperatorError } from './command.js';

/**
 * The operator's commands: one table, each command with its input and output schema. The CLI runs
 * them on a sandbox directly or, when a server holds the data folder, sends them to that server's
 * loopback-only operator endpoint (router.ts): one implementation, two transports, one typed call
 * (`OperatorCall`), and never two writers on one folder.
 *
 * Each input schema is also the command's CLI (cli-operator.ts): `<group> <action>` from the
 * name, its help from the schema's and the fields' `.describe()`, one option per field.
 */
export const COMMANDS = { ...ACCOUNT_COMMANDS, ...CERTIFY_COMMANDS };

export type CommandName = keyof typeof COMMANDS;
type InputSchema<N extends CommandName> = (typeof COMMANDS)[N]['input'];
type OutputSchema<N extends CommandName> = (typeof COMMANDS)[N]['output'];
/** What a caller gives a command (defaults may be left out). */
export type CommandInput<N extends CommandName> = z.input<InputSchema<N>>;
/** What a command answers, checked against its output schema. */
export type CommandOutput<N extends CommandName> = z.output<OutputSchema<N>>;

/**
 * The table as the typed call reads it: each name's command with its schemas typed by what they
 * parse to, so a command picked by a generic name keeps that name's types.
 */
interface TypedCommand<N extends CommandName> {
  input: z.ZodType<z.output<InputSchema<N>>, CommandInput<N>>;
  output: z.ZodType<CommandOutput<N>, z.input<OutputSchema<N>>>;
  run(ctx: AppContext, input: z.output<InputSchema<N>>, signal?: AbortSignal): Promise<z.input<OutputSchema<N>>>;
}
const TABLE: { [N in CommandName]: TypedCommand<N> } = COMMANDS;

export interface CallOptions {
  /** Ends a waiting command (certify.wait) early: it answers what it has. */
  signal?: AbortSignal;
}

/** The one way to run an operator command: in process (inProcess) or through the holding server (remote.ts). */
export type OperatorCall = <N extends CommandName>(name: N, input: CommandInput<N>, options?: CallOptions) => Promise<CommandOutput<N>>;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

const invalid = (what: string, error: z.ZodError) => new OperatorError(`${what}: ${z.prettifyError(error)}`);

/**
 * Runs a command on `ctx`: its input checked (an HTTP body is any JSON), its answer checked
 * against its output schema. Any failure is an OperatorError, which the endpoint answers 400/409.
 */
export async function execute<N extends CommandName>(ctx: AppContext, name: N, raw: unknown, options: CallOptions = {}): Promise<CommandOutput<N>> {
  const input = parseInput(name, raw);
  let answer: unknown;
  try {
    answer = await TABLE[name].run(ctx, input, options.signal);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(error instanceof Error ? error.message : String(error));
  }
  const output = TABLE[name].output.safeParse(answer);
  if (!output.success) throw invalid(`${name} answered outside its schema`, output.error);
  return output.data;
}

/** A command on a context of this process (a server's, or the CLI's own sandbox), typed as every caller's. */
export const runCommand = <N extends CommandName>(ctx: AppContext, name: N, input: CommandInput<N>, options?: CallOptions): Promise<CommandOutput<N>> =>
  execute(ctx, name, input, options);

/** The typed call on a context of this process. */
export const inProcess =
  (ctx: AppContext): OperatorCall =>
  (name, input, options) =>
    runCommand(ctx, name, input, options);

/** Input from outside TypeScript (the CLI's options): checked against the command's schema before it is sent. */
export function parseInput<N extends CommandName>(name: N, raw: unknown): z.output<InputSchema<N>> {
  const input = TABLE[name].input.safeParse(raw);
  if (!input.success) throw new OperatorError(z.prettifyError(input.error));
  return input.data;
}

/** An answer from another process (the holding server's operator endpoint), checked as runCommand checks its own. */
export function answerOf<N extends CommandName>(name: N, body: unknown): CommandOutput<N> {
  const output = TABLE[name].output.safeParse(body);
  if (!output.success) throw invalid(`the server's answer to ${name} is not its schema's`, output.error);
  return output.data;
}
