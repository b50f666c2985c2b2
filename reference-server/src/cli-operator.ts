import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import { COMMANDS, parseInput, type CliHints, type CommandName, type OperatorCall } from './operator/index.js';
import { isPostgresUrl } from './store/index.js';

/**
 * The operator commands of the CLI, built from `COMMANDS`: `<group> <action>` from each name
 * (`org.create` → `org create`), the help from the schemas' descriptions, one option per field
 * of the input (`--kebab-case`, `orgId` as `--org`, renamed by the command's CLI hints), typed by
 * the field: an enum lists its choices, a number is parsed, a list is comma-separated or
 * repeated, a boolean is a switch (`--x on|off` when required), an unknown is read from a JSON
 * file. The schema checks the values, here and on the operator endpoint alike.
 */

/** What a group is called on the command line and says in the help, where not its own name. */
const GROUPS: Record<string, { name?: string; description: string }> = {
  org: { description: 'organisations' },
  user: { description: 'investor logins' },
  key: { description: 'developer keys (Assessment API) and automation keys' },
  partner: { description: 'partner credentials (Bearer, for the GraphQL API)' },
  client: { description: 'OAuth clients' },
  invite: { description: 'assessment invite links for participants' },
  profile: { description: 'investment/success profiles submissions are scored against' },
  fault: { name: 'faults', description: "inject faults into an organisation's own API calls (for testing connectors' retries)" },
  webhook: { description: "organisations' webhook endpoints" },
};

/**
 * Commands the CLI offers in its own words: `seed --demo`, and `certify …` (certify-cli.ts: it
 * starts a run, runs the partner's command, waits for the verdict and sets the exit code).
 */
const HAND_WRITTEN: ReadonlySet<CommandName> = new Set(['seed.demo', 'certify.start', 'certify.begin', 'certify.status', 'certify.finish', 'certify.explain', 'certify.list', 'certify.revoke', 'certify.keys', 'certify.rotate-key', 'certify.withdraw-key', 'certify.wait']);

export const DEFAULT_DATA = './data';
export const dataOption = (): Option => new Option('--data <dir>', 'data folder').default(DEFAULT_DATA).env('REFERENCE_SERVER_DATA');

const postgresUrl = (value: string): string => {
  if (!isPostgresUrl(value)) throw new InvalidArgumentError('a postgres:// or postgresql:// connection string');
  return value;
};

/** Beside `--data` on every command that opens the sandbox: the database instead of the folder. */
export const databaseOption = (): Option =>
  new Option('--database-url <url>', 'PostgreSQL database holding the sandbox, instead of --data (needs REFERENCE_SERVER_MASTER_KEY)').env('DATABASE_URL').argParser(postgresUrl);

/**
 * Beside `--database-url` on the commands whose answer or checks depend on them: the settings the
 * servers were started with, since on a database a command runs in its own process, not in a server
 * (an invite's link is on the public URL; a run's receiver must pass the servers' SSRF guard).
 * Both read the servers' environment variables, so a cluster's operator sets them once.
 */
export const serverSettingOptions = (): Option[] => [
  new Option('--public-url <url>', "the servers' public URL, the base of the links a command prints (on a database; a folder's server uses its own)").env('REFERENCE_SERVER_PUBLIC_URL'),
  new Option('--allow-outbound <hosts>', "the servers' outbound allowlist, for the URLs a command checks (on a database; comma-separated; default none)")
    .env('REFERENCE_SERVER_ALLOW_OUTBOUND')
    .argParser((value: string, previous: string[] = []) => (value.trim() === 'none' ? [] : list(value, previous))),
  new Option('--certificate-issuer <name>', "the servers' certificate issuer, which a certificate `certify finish` issues names (on a database)").env('REFERENCE_SERVER_CERTIFICATE_ISSUER'),
  new Option('--max-certification-runs <n>', "the servers' limit of running runs per organisation, which `certify start` keeps (on a database)").env('REFERENCE_SERVER_MAX_CERTIFICATION_RUNS').argParser(runs),
  new Option('--max-certification-runs-total <n>', "the servers' limit of open runs of all organisations, which `certify start` keeps (on a database)")
    .env('REFERENCE_SERVER_MAX_CERTIFICATION_RUNS_TOTAL')
    .argParser(runs),
];

function runs(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a number of runs (1 or more)');
  return n;
}

/** Where a command finds the sandbox: `--database-url` when given, else `--data`; and the servers' settings it needs. */
export interface StoreTarget {
  data: string;
  databaseUrl?: string;
  publicUrl?: string;
  allowOutbound?: string[];
  certificateIssuer?: string;
  maxCertificationRuns?: number;
  maxCertificationRunsTotal?: number;
}

/** A target from the options, or from one string: a postgres:// URL, else a data folder (what tests hand `operate`). */
export function storeTarget(where: string | StoreTarget): StoreTarget {
  if (typeof where !== 'string') return where;
  return isPostgresUrl(where) ? { data: DEFAULT_DATA, databaseUrl: where } : { data: where };
}

export const list = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value.split(',').map((s) => s.trim()).filter(Boolean),
];

const number = (value: string): number => {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('a number');
  return n;
};

const onOff = (value: string): boolean => value === 'on';

const kebab = (name: string): string => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

interface Field {
  key: string;
  flag: string;
  schema: z.ZodType;
  type: string;
  required: boolean;
  description: string;
}

function fieldsOf(input: z.ZodType, hints: CliHints): Field[] {
  const shape = (input as unknown as z.ZodObject).shape;
  return Object.entries(shape).map(([key, outer]) => {
    const optional = outer._zod.def.type === 'optional';
    const schema = (optional ? (outer as z.ZodOptional).unwrap() : outer) as z.ZodType;
    return {
      key,
      flag: hints.flags?.[key] ?? (key === 'orgId' ? 'org' : kebab(key)),
      schema,
      type: schema._zod.def.type,
      required: !optional,
      description: outer.description ?? schema.description ?? key,
    };
  });
}

/** The option a field is given as. */
function optionOf(field: Field, hints: CliHints): Option {
  const { flag, description, type, schema } = field;
  if (hints.jsonFile === field.key) return new Option(`--${flag} <path>`, description);
  if (type === 'boolean' && !field.required) return new Option(`--${flag}`, description);
  let option = new Option(`--${flag} <${flag}>`, description);
  if (type === 'boolean') option = option.choices(['on', 'off']).argParser(onOff);
  else if (type === 'enum') option = option.choices((schema as z.ZodEnum).options.map(String));
  else if (type === 'number') option = option.argParser(number);
  else if (type === 'array') option = option.argParser(list);
  const fallback = hints.defaults?.[field.key];
  if (fallback !== undefined) return option.default(fallback);
  return field.required ? option.makeOptionMandatory() : option;
}

async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
}

/** Runs `work` with the typed operator call on the target's sandbox (cli.ts `withOperator`). */
export type WithOperator = <T>(target: string | StoreTarget, work: (call: OperatorCall) => Promise<T>) => Promise<T>;

/** The `warnings` a command's answer carries (`org create` on a server whose outbound reaches loopback), for stderr. */
const warningsOf = (answer: object): string[] => ('warnings' in answer && Array.isArray(answer.warnings) ? answer.warnings.filter((w): w is string => typeof w === 'string') : []);

/** What `certify` borrows from cli.ts (passed in, so the two files do not import each other). */
export interface CliParts {
  dataOption(): Option;
  databaseOption(): Option;
  /** The servers' settings a command on a database needs (public URL, outbound allowlist, certificate issuer, run limits). */
  serverSettingOptions(): Option[];
  withOperator: WithOperator;
  duration(value: string): number;
  list(value: string, previous?: string[]): string[];
}

/** Adds every operator command of `COMMANDS` to `program`; each prints its answer as JSON. */
export function addOperatorCommands(program: Command, withOperator: WithOperator): void {
  const groups = new Map<string, Command>();
  for (const [name, definition] of Object.entries(COMMANDS) as [CommandName, (typeof COMMANDS)[CommandName]][]) {
    if (HAND_WRITTEN.has(name)) continue;
    const [groupKey = name, action = name] = name.split('.');
    const hints: CliHints = ('cli' in definition ? definition.cli : undefined) ?? {};
    let group = groups.get(groupKey);
    if (!group) {
      const known = GROUPS[groupKey];
      group = program.command(known?.name ?? groupKey).description(known?.description ?? `${groupKey} commands`);
      groups.set(groupKey, group);
    }
    const command = group.command(action).description(definition.input.description ?? name).addOption(dataOption()).addOption(databaseOption());
    for (const option of serverSettingOptions()) command.addOption(option);
    const fields = fieldsOf(definition.input, hints);
    for (const field of fields) {
      if (field.key === hints.argument) command.argument(`<${field.key}>`, field.description);
      else command.addOption(optionOf(field, hints));
    }
    command.action(async (...args: unknown[]) => {
      const options = (hints.argument ? args[1] : args[0]) as Record<string, unknown> & StoreTarget;
      const input: Record<string, unknown> = {};
      for (const field of fields) {
        const value = field.key === hints.argument ? args[0] : options[optionKey(field.flag)];
        if (value === undefined) continue;
        input[field.key] = field.key === hints.jsonFile ? await readJsonFile(value as string) : value;
      }
      const answer = await withOperator(options, (call) => call(name, parseInput(name, input)));
      process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      for (const warning of warningsOf(answer)) process.stderr.write(`warning: ${warning}\n`);
    });
  }
}

/** Where commander keeps an option's value: `--retry-after` → `retryAfter`. */
const optionKey = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
