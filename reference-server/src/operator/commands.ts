import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { inviteView } from '../assessments/index.js';
import { INVITE_STATUSES } from '../assessments/index.js';
import { createInvite, createInviteSchema, InviteInputError, listInvites, revokeInvite, setInviteSettings } from '../assessments/index.js';
import { CertificateError, KeyError, listKeys, revokeCertificate, revokeSchema, rotateKey, withdrawKey } from '../certificates/index.js';
import { beginRun, explainCheck, explanationSchema, findRun, finishedBySchema, finishRun, listRuns, reportOf, RunInputError, RunLimitError, startRun, startRunSchema } from '../certification/index.js';
import { DEFAULT_PARTNER_OPERATIONS, issueCredential, listCredentials, revokeCredential, listClients, registerClient, createOrganization, getOrganization, listOrganizations, OAUTH_SCOPES, createUser, findUserByEmail, listUsers } from '../tenancy/index.js';
import { FAULT_KINDS, FAULT_SURFACES, faultView, clearFaults, listFaults, setFault } from '../faults/index.js';
import { loopbackOutboundWarning } from '../sandbox-warnings.js';
import { seedDemo } from '../seed.js';
import { createProfile, listProfiles, profileView } from '../submissions/index.js';
import { profileInputSchema } from '../submissions/index.js';
import { DEFAULT_OVERLAP_HOURS, isOverlapHours, OVERLAP_HOURS, rotateSecret } from '../webhooks/index.js';

/**
 * The operator's commands. The CLI runs them on a data folder directly, or, when a server holds
 * the folder, sends them to that server's loopback-only operator endpoint: one implementation,
 * two transports, and never two writers on one folder.
 *
 * Each input schema is also the command's CLI (cli-operator.ts): `<group> <action>` from the
 * name, its help from the schema's and the fields' `.describe()`, one option per field.
 */
export interface Command<S extends z.ZodType = z.ZodType> {
  input: S;
  run(ctx: AppContext, input: z.infer<S>): Promise<unknown>;
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

const command = <S extends z.ZodType>(input: S, run: Command<S>['run'], cli?: CliHints): Command<S> => ({ input, run, ...(cli ? { cli } : {}) });

const orgId = z.string().min(1).describe('organisation id');
const onlyOrg = orgId.optional().describe('only this organisation');
const operations = z.array(z.string().min(1)).min(1).describe('allowed GraphQL operations (comma-separated; default: the partner set)');
const label = z.string().max(200).optional().describe('label shown in lists');

async function requireOrg(ctx: AppContext, id: string): Promise<void> {
  if (!(await getOrganization(ctx, id))) throw new OperatorError(`unknown organisation ${id}`);
}

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

async function runOrFail(ctx: AppContext, runId: string) {
  const run = await findRun(ctx, runId);
  if (!run) throw new OperatorError(`no certification run ${runId}`);
  return run;
}

export const COMMANDS = {
  'org.create': command(z.object({ name: z.string().min(1).max(200).describe('organisation name') }).describe('create an organisation'), async (ctx, input) => {
    const organisation = await createOrganization(ctx, input.name);
    // Through a running server, ctx.config is that server's: say so when this org makes loopback outbound shared.
    const warning = loopbackOutboundWarning(ctx.config, (await listOrganizations(ctx)).length);
    if (!warning) return organisation;
    ctx.log.warn({ warning: warning.id, orgId: organisation.id }, warning.text);
    return { ...organisation, warnings: [warning.text] };
  }),
  'org.list': command(z.object({}).describe('list organisations'), async (ctx) => listOrganizations(ctx)),
  'user.create': command(
    z
      .object({
        orgId,
        email: z.email().describe('login email'),
        name: z.string().min(1).max(200).describe('display name'),
        password: z.string().min(10).max(200).optional().describe('password (at least 10 characters)'),
        role: z.enum(['admin', 'member']).optional().describe('role'),
      })
      .describe('create a user (prints a generated password when none is given)'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      const password = input.password ?? randomBytes(12).toString('base64url');
      const user = await createUser(ctx, { ...input, password });
      return { user, ...(input.password ? {} : { password }) };
    },
    { defaults: { role: 'member' } },
  ),
  'user.list': command(z.object({ orgId: onlyOrg }).describe('list users (never a password)'), async (ctx, input) => listUsers(ctx, input.orgId)),
  'key.create': command(
    z
      .object({
        orgId,
        kind: z.enum(['developer', 'automation']).describe('which API the key is for'),
        userEmail: z.email().optional().describe('user an automation key acts for (default: an admin of the organisation)'),
        label,
      })
      .describe('issue a key; its secret is printed once'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      if (input.kind === 'developer') {
        return issueCredential(ctx, { kind: 'developer_key', orgId: input.orgId, ...(input.label ? { label: input.label } : {}) });
      }
      const owner = input.userEmail
        ? await findUserByEmail(ctx, input.userEmail)
        : (await listUsers(ctx, input.orgId)).find((u) => u.role === 'admin');
      if (!owner || owner.orgId !== input.orgId) {
        throw new OperatorError(`an automation key acts for a user of the organisation: ${input.userEmail ?? 'no admin found'}`);
      }
      return issueCredential(ctx, {
        kind: 'automation_key',
        orgId: input.orgId,
        userId: owner.id,
        ...(input.label ? { label: input.label } : {}),
      });
    },
    { flags: { userEmail: 'user' } },
  ),
  'key.list': command(z.object({ orgId: onlyOrg }).describe('list keys and partner credentials (never a secret)'), async (ctx, input) => listCredentials(ctx, input.orgId)),
  'key.revoke': command(
    z.object({ keyId: z.string().min(1).describe('key id, as listed') }).describe('revoke a key or partner credential by its key id'),
    (ctx, input) => revokeCredential(ctx, input.keyId),
    { argument: 'keyId' },
  ),
  'partner.create': command(
    z
      .object({ orgId: orgId.describe('organisation the partner acts for'), operations: operations.optional(), label })
      .describe('issue a partner credential; its secret is printed once'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      return issueCredential(ctx, {
        kind: 'partner_credential',
        orgId: input.orgId,
        allowedOperations: input.operations ?? DEFAULT_PARTNER_OPERATIONS,
        ...(input.label ? { label: input.label } : {}),
      });
    },
  ),
  'client.create': command(
    z
      .object({
        name: z.string().min(1).max(200).describe('application name shown on the consent page'),
        redirectUris: z.array(z.string().min(1)).min(1).describe('exact redirect URI (repeatable or comma-separated)'),
        scopes: z.array(z.enum(OAUTH_SCOPES)).optional().describe('scopes among basic, profile, all (default: all basic profile)'),
        operations: operations.optional(),
      })
      .describe('register an OAuth client; its secret is printed once'),
    (ctx, input) =>
      registerClient(ctx, {
        name: input.name,
        redirectUris: input.redirectUris,
        ...(input.scopes ? { scopes: input.scopes } : {}),
        allowedOperations: input.operations ?? DEFAULT_PARTNER_OPERATIONS,
      }),
    { flags: { redirectUris: 'redirect-uri' } },
  ),
  'client.list': command(z.object({}).describe('list OAuth clients (never a secret)'), async (ctx) => listClients(ctx)),
  'invite.create': command(
    z
      .object({ orgId })
      .extend(createInviteSchema.shape)
      .describe('create an invite; its link (with the token) is printed once'),
    async (ctx, { orgId: org, ...input }) => {
      await requireOrg(ctx, org);
      try {
        const { invite, url } = await createInvite(ctx, org, input, 'operator');
        return { ...inviteView(invite, ctx.clock.now()), url };
      } catch (error) {
        if (error instanceof InviteInputError) throw new OperatorError(error.message);
        throw error;
      }
    },
    { flags: { full_name: 'name', benchmark_tag_id: 'benchmark' } },
  ),
  'invite.list': command(
    z.object({ orgId, status: z.enum(INVITE_STATUSES).optional().describe('only this status') }).describe('list the invites of an organisation with their status (never a link)'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      const now = ctx.clock.now();
      return (await listInvites(ctx, input.orgId, { limit: 1000, ...(input.status ? { status: input.status } : {}) })).items.map((invite) => inviteView(invite, now));
    },
  ),
  'invite.revoke': command(
    z.object({ orgId, inviteId: z.string().min(1).describe('invite id, as listed') }).describe('withdraw an invite; its link then says so'),
    async (ctx, input) => {
      const revoked = await revokeInvite(ctx, input.orgId, input.inviteId);
      if (!revoked) throw new OperatorError(`no invite ${input.inviteId} in organisation ${input.orgId}`);
      return inviteView(revoked, ctx.clock.now());
    },
    { argument: 'inviteId' },
  ),
  'invite.settings': command(
    z
      .object({ orgId, showParticipantSummary: z.boolean().describe('show participants a plain-language summary of their result') })
      .describe("set how an organisation's invites behave"),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      return setInviteSettings(ctx, input.orgId, { showParticipantSummary: input.showParticipantSummary });
    },
    { flags: { showParticipantSummary: 'summary' } },
  ),
  'profile.create': command(
    z
      .object({ orgId, profile: z.unknown().describe('the profile as JSON, as GET /api/automation/profiles shows one (without id)') })
      .describe('create a profile from a JSON file (name, description, kind, required_fields, criteria)'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      // The schema the scoring engine and the APIs use: a profile the CLI accepts is one that scores.
      const parsed = profileInputSchema.safeParse(input.profile);
      if (!parsed.success) {
        throw new OperatorError(`invalid profile: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
      }
      return profileView(await createProfile(ctx, input.orgId, parsed.data));
    },
    { jsonFile: 'profile', flags: { profile: 'file' } },
  ),
  'profile.list': command(
    z.object({ orgId, includeArchived: z.boolean().optional().describe('include archived profiles') }).describe("list an organisation's profiles"),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      return (await listProfiles(ctx, input.orgId, { includeArchived: input.includeArchived ?? false })).map((p) => ({
        ...profileView(p),
        ...(p.archived_at ? { archived_at: p.archived_at } : {}),
      }));
    },
    { flags: { includeArchived: 'all' } },
  ),
  'fault.set': command(
    z
      .object({
        orgId,
        surface: z.enum(FAULT_SURFACES).describe('which API'),
        kind: z.enum(FAULT_KINDS).describe('what the requests get'),
        count: z.int().min(1).max(1000).optional().describe('fault the next n requests (default 1)'),
        minutes: z.int().min(1).max(1440).optional().describe('fault every request for n minutes instead'),
        retryAfterSeconds: z.int().min(0).max(3600).optional().describe('Retry-After of a 429 or 503 in seconds (default 1)'),
        latencyMs: z.int().min(1).max(30_000).optional().describe('delay of a latency fault in milliseconds (default 2000)'),
      })
      .describe('fault the next requests (or the next minutes) of one surface for one organisation'),
    async (ctx, { orgId: org, retryAfterSeconds, latencyMs, ...input }) => {
      await requireOrg(ctx, org);
      if (input.count !== undefined && input.minutes !== undefined) throw new OperatorError('give either --count or --minutes, not both');
      const fault = await setFault(ctx, org, {
        ...input,
        ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}),
        ...(latencyMs !== undefined ? { latency_ms: latencyMs } : {}),
      });
      return faultView(fault);
    },
    { flags: { kind: 'fault', retryAfterSeconds: 'retry-after', latencyMs: 'latency' } },
  ),
  'fault.list': command(z.object({ orgId }).describe("list an organisation's faults in force"), async (ctx, input) => {
    await requireOrg(ctx, input.orgId);
    return (await listFaults(ctx, input.orgId)).map(faultView);
  }),
  'fault.clear': command(z.object({ orgId }).describe('clear every fault of an organisation'), async (ctx, input) => {
    await requireOrg(ctx, input.orgId);
    return { cleared: await clearFaults(ctx, input.orgId) };
  }),
  'webhook.rotate-secret': command(
    z
      .object({
        orgId,
        subscriptionId: z.string().min(1).describe('the endpoint id (whk_…)'),
        overlapHours: z
          .number()
          .optional()
          .describe(`hours the old secret keeps signing beside the new one: ${OVERLAP_HOURS.join(', ')} (default ${DEFAULT_OVERLAP_HOURS})`),
      })
      .describe('give an endpoint a new signing secret (printed once); the old one keeps signing during the overlap'),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      const overlap = input.overlapHours ?? DEFAULT_OVERLAP_HOURS;
      if (!isOverlapHours(overlap)) throw new OperatorError(`the overlap is one of ${OVERLAP_HOURS.join(', ')} hours`);
      const rotation = await rotateSecret(ctx, input.orgId, input.subscriptionId, overlap);
      if (!rotation) throw new OperatorError(`unknown webhook subscription ${input.subscriptionId} in ${input.orgId}`);
      // The new secret is printed once, like a new subscription's; the store keeps it sealed.
      return { id: rotation.subscription.id, secret: rotation.secret, previous_secret_valid_until: rotation.subscription.previousSecret?.until ?? null };
    },
    { argument: 'subscriptionId', flags: { overlapHours: 'overlap' } },
  ),
  'certify.start': command(startRunSchema.extend({ orgId, startedBy: z.enum(['operator', 'certify run']).default('operator') }).describe('start a certification run'), async (ctx, { orgId: org, startedBy, ...input }) => {
    await requireOrg(ctx, org);
    try {
      const started = await startRun(ctx, org, input, { startedBy, partnerOperations: DEFAULT_PARTNER_OPERATIONS });
      return { run: { id: started.run.id, status: started.run.status, deadline: new Date(started.run.deadline).toISOString() }, credentials: started.credentials, url: started.url };
    } catch (error) {
      if (error instanceof RunInputError) throw new OperatorError(error.message);
      if (error instanceof RunLimitError) throw new OperatorError(error.scope === 'organisation' ? `${error.message} (reference-server certify finish <run>)` : error.message, 409);
      throw error;
    }
  }),
  'certify.status': command(z.object({ runId: z.string().min(1) }).describe("a certification run's report"), async (ctx, input) => reportOf(await runOrFail(ctx, input.runId))),
  'certify.begin': command(z.object({ runId: z.string().min(1) }).describe('begin the checks of a ready run (started with waitForBegin), once the integration holds its credentials'), async (ctx, input) => {
    const run = await runOrFail(ctx, input.runId);
    if (run.status !== 'ready') throw new OperatorError(`the run ${run.id} is ${run.status}: only a ready run begins`);
    return reportOf((await beginRun(ctx, run.orgId, run.id)) ?? run);
  }),
  'certify.finish': command(z.object({ runId: z.string().min(1), end: finishedBySchema.default({ reason: 'operator' }) }).describe('finish a certification run now'), async (ctx, input) => {
    const run = await runOrFail(ctx, input.runId);
    return reportOf((await finishRun(ctx, run.orgId, run.id, input.end)) ?? run);
  }),
  'certify.explain': command(explanationSchema.extend({ runId: z.string().min(1) }).describe("record the integration's explanation of one check (shown in every report)"), async (ctx, { runId, ...input }) => {
    const run = await runOrFail(ctx, runId);
    try {
      return reportOf((await explainCheck(ctx, run.orgId, run.id, input)) ?? run);
    } catch (error) {
      if (error instanceof RunInputError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'certify.list': command(z.object({ orgId }).describe("list an organisation's certification runs"), async (ctx, input) => {
    await requireOrg(ctx, input.orgId);
    return (await listRuns(ctx, input.orgId, { limit: 100 })).items.map((run) => reportOf(run).run);
  }),
  'certify.revoke': command(revokeSchema.describe('revoke an integration certificate: its page, badge and certify verify say so, with the reason'), async (ctx, input) => {
    try {
      const revoked = await revokeCertificate(ctx, input, { who: 'operator' });
      return { id: revoked.id, revoked_at: revoked.revoked?.at, reason: revoked.revoked?.reason };
    } catch (error) {
      if (error instanceof CertificateError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'certify.keys': command(z.object({}).describe('list the certificate signing keys: which signs, which are still published'), async (ctx) => listKeys(ctx)),
  'certify.rotate-key': command(z.object({}).describe('a new certificate signing key signs from now on; the old one stays published until its certificates expire'), async (ctx) => rotateKey(ctx)),
  'certify.withdraw-key': command(z.object({ kid: z.string().min(1).describe('the retired key to withdraw') }).describe('take a retired certificate key out of the published set: what it signed no longer verifies'), async (ctx, input) => {
    try {
      return await withdrawKey(ctx, input.kid);
    } catch (error) {
      if (error instanceof KeyError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'seed.demo': command(z.object({}).describe('create the demo organisation and print its credentials (shown once)'), (ctx) => seedDemo(ctx)),
} satisfies Record<string, Command<z.ZodType>>;

export type CommandName = keyof typeof COMMANDS;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

export async function runCommand(ctx: AppContext, name: CommandName, args: unknown): Promise<unknown> {
  const cmd = COMMANDS[name] as Command<z.ZodType>;
  const parsed = cmd.input.safeParse(args);
  if (!parsed.success) throw new OperatorError(z.prettifyError(parsed.error));
  try {
    return await cmd.run(ctx, parsed.data);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError((error as Error).message);
  }
}
