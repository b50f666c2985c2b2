import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createInvite, createInviteSchema, INVITE_STATUSES, InviteInputError, inviteView, listInvites, revokeInvite, setInviteSettings } from '../assessments/index.js';
import { clearFaults, FAULT_KINDS, FAULT_SURFACES, faultView, listFaults, setFault } from '../faults/index.js';
import { loopbackOutboundWarning } from '../sandbox-warnings.js';
import { seedDemo } from '../seed.js';
import { createProfile, listProfiles, profileInputSchema, profileView } from '../submissions/index.js';
import {
  createOrganization,
  createUser,
  DEFAULT_PARTNER_OPERATIONS,
  findUserByEmail,
  issueCredential,
  listClients,
  listCredentials,
  listOrganizations,
  listUsers,
  OAUTH_SCOPES,
  registerClient,
  revokeCredential,
} from '../tenancy/index.js';
import { DEFAULT_OVERLAP_HOURS, isOverlapHours, OVERLAP_HOURS, rotateSecret } from '../webhooks/index.js';
import { command, OperatorError, orgId, requireOrg } from './command.js';
import {
  clientOutput,
  createdInviteOutput,
  credentialOutput,
  demoOutput,
  faultOutput,
  inviteOutput,
  inviteSettingsOutput,
  issuedCredentialOutput,
  listedProfileOutput,
  organizationOutput,
  profileOutput,
  userOutput,
} from './outputs.js';

const onlyOrg = orgId.optional().describe('only this organisation');
const operations = z.array(z.string().min(1)).min(1).describe('allowed GraphQL operations (comma-separated; default: the partner set)');
const label = z.string().max(200).optional().describe('label shown in lists');

/** The commands on an organisation's accounts, keys, invites, profiles, faults and webhooks, and the demo seed. */
export const ACCOUNT_COMMANDS = {
  'org.create': command(z.object({ name: z.string().min(1).max(200).describe('organisation name') }).describe('create an organisation'), organizationOutput.extend({ warnings: z.array(z.string()).optional() }), async (ctx, input) => {
    const organisation = await createOrganization(ctx, input.name);
    // Through a running server, ctx.config is that server's: say so when this org makes loopback outbound shared.
    const warning = loopbackOutboundWarning(ctx.config, (await listOrganizations(ctx)).length);
    if (!warning) return organisation;
    ctx.log.warn({ warning: warning.id, orgId: organisation.id }, warning.text);
    return { ...organisation, warnings: [warning.text] };
  }),
  'org.list': command(z.object({}).describe('list organisations'), z.array(organizationOutput), async (ctx) => listOrganizations(ctx)),
  'user.create': command(
    z
      .object({
        orgId,
        email: z.email().describe('login email'),
        name: z.string().min(1).max(200).describe('display name'),
        password: z.string().min(10).max(200).optional().describe('password (at least 10 characters)'),
        role: z.enum(['admin', 'member']).optional().describe('role'),
      })
      .describe('create a user (prints a generated password when none is given)'), z.object({ user: userOutput, password: z.string().optional() }),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      const password = input.password ?? randomBytes(12).toString('base64url');
      const user = await createUser(ctx, { ...input, password });
      return { user, ...(input.password ? {} : { password }) };
    },
    { defaults: { role: 'member' } },
  ),
  'user.list': command(z.object({ orgId: onlyOrg }).describe('list users (never a password)'), z.array(userOutput), async (ctx, input) => listUsers(ctx, input.orgId)),
  'key.create': command(
    z
      .object({
        orgId,
        kind: z.enum(['developer', 'automation']).describe('which API the key is for'),
        userEmail: z.email().optional().describe('user an automation key acts for (default: an admin of the organisation)'),
        label,
      })
      .describe('issue a key; its secret is printed once'), issuedCredentialOutput,
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
  'key.list': command(z.object({ orgId: onlyOrg }).describe('list keys and partner credentials (never a secret)'), z.array(credentialOutput), async (ctx, input) => listCredentials(ctx, input.orgId)),
  'key.revoke': command(
    z.object({ keyId: z.string().min(1).describe('key id, as listed') }).describe('revoke a key or partner credential by its key id'), credentialOutput,
    (ctx, input) => revokeCredential(ctx, input.keyId),
    { argument: 'keyId' },
  ),
  'partner.create': command(
    z
      .object({ orgId: orgId.describe('organisation the partner acts for'), operations: operations.optional(), label })
      .describe('issue a partner credential; its secret is printed once'), issuedCredentialOutput,
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
      .describe('register an OAuth client; its secret is printed once'), z.object({ clientId: z.string(), clientSecret: z.string(), client: clientOutput }),
    (ctx, input) =>
      registerClient(ctx, {
        name: input.name,
        redirectUris: input.redirectUris,
        ...(input.scopes ? { scopes: input.scopes } : {}),
        allowedOperations: input.operations ?? DEFAULT_PARTNER_OPERATIONS,
      }),
    { flags: { redirectUris: 'redirect-uri' } },
  ),
  'client.list': command(z.object({}).describe('list OAuth clients (never a secret)'), z.array(clientOutput), async (ctx) => listClients(ctx)),
  'invite.create': command(
    z
      .object({ orgId })
      .extend(createInviteSchema.shape)
      .describe('create an invite; its link (with the token) is printed once'), createdInviteOutput,
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
    z.object({ orgId, status: z.enum(INVITE_STATUSES).optional().describe('only this status') }).describe('list the invites of an organisation with their status (never a link)'), z.array(inviteOutput),
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      const now = ctx.clock.now();
      return (await listInvites(ctx, input.orgId, { limit: 1000, ...(input.status ? { status: input.status } : {}) })).items.map((invite) => inviteView(invite, now));
    },
  ),
  'invite.revoke': command(
    z.object({ orgId, inviteId: z.string().min(1).describe('invite id, as listed') }).describe('withdraw an invite; its link then says so'), inviteOutput,
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
      .describe("set how an organisation's invites behave"), inviteSettingsOutput,
    async (ctx, input) => {
      await requireOrg(ctx, input.orgId);
      return setInviteSettings(ctx, input.orgId, { showParticipantSummary: input.showParticipantSummary });
    },
    { flags: { showParticipantSummary: 'summary' } },
  ),
  'profile.create': command(
    z
      .object({ orgId, profile: z.unknown().describe('the profile as JSON, as GET /api/automation/profiles shows one (without id)') })
      .describe('create a profile from a JSON file (name, description, kind, required_fields, criteria)'), profileOutput,
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
    z.object({ orgId, includeArchived: z.boolean().optional().describe('include archived profiles') }).describe("list an organisation's profiles"), z.array(listedProfileOutput),
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
      .describe('fault the next requests (or the next minutes) of one surface for one organisation'), faultOutput,
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
  'fault.list': command(z.object({ orgId }).describe("list an organisation's faults in force"), z.array(faultOutput), async (ctx, input) => {
    await requireOrg(ctx, input.orgId);
    return (await listFaults(ctx, input.orgId)).map(faultView);
  }),
  'fault.clear': command(z.object({ orgId }).describe('clear every fault of an organisation'), z.object({ cleared: z.number() }), async (ctx, input) => {
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
      .describe('give an endpoint a new signing secret (printed once); the old one keeps signing during the overlap'), z.object({ id: z.string(), secret: z.string(), previous_secret_valid_until: z.string().nullable() }),
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
  'seed.demo': command(z.object({}).describe('create the demo organisation and print its credentials (shown once)'), demoOutput, (ctx) => seedDemo(ctx)),
};
