import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { inviteView } from '../assessment/invites/api-schemas.js';
import { INVITE_STATUSES } from '../assessment/invites/records.js';
import { createInvite, createInviteSchema, InviteInputError, listInvites, revokeInvite, setInviteSettings } from '../assessment/invites/service.js';
import { findRun, finishRun, listRuns, reportOf, RunInputError, startRun, startRunSchema } from '../certification/index.js';
import { DEFAULT_PARTNER_OPERATIONS } from '../graphql/allowlist.js';
import { FAULT_KINDS, FAULT_SURFACES, faultView } from '../faults/records.js';
import { clearFaults, listFaults, setFault } from '../faults/service.js';
import { seedDemo } from '../seed.js';
import { createProfile, listProfiles, profileView } from '../submissions/index.js';
import { profileInputSchema } from '../submissions/profiles.js';
import { issueCredential, listCredentials, revokeCredential } from '../tenancy/credentials.js';
import { listClients, registerClient } from '../tenancy/oauth-clients.js';
import { createOrganization, getOrganization, listOrganizations } from '../tenancy/organizations.js';
import { OAUTH_SCOPES } from '../tenancy/records.js';
import { createUser, findUserByEmail, listUsers } from '../tenancy/users.js';
const command = (input, run) => ({ input, run });
const orgId = z.string().min(1).describe('organisation id');
const operations = z.array(z.string().min(1)).min(1);
function requireOrg(ctx, id) {
    if (!getOrganization(ctx, id))
        throw new OperatorError(`unknown organisation ${id}`);
}
export class OperatorError extends Error {
    name = 'OperatorError';
}
function runOrFail(ctx, runId) {
    const run = findRun(ctx, runId);
    if (!run)
        throw new OperatorError(`no certification run ${runId}`);
    return run;
}
export const COMMANDS = {
    'org.create': command(z.object({ name: z.string().min(1).max(200) }), (ctx, input) => createOrganization(ctx, input.name)),
    'org.list': command(z.object({}), async (ctx) => listOrganizations(ctx)),
    'user.create': command(z.object({
        orgId,
        email: z.email(),
        name: z.string().min(1).max(200),
        password: z.string().min(10).max(200).optional(),
        role: z.enum(['admin', 'member']).optional(),
    }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        const password = input.password ?? randomBytes(12).toString('base64url');
        const user = await createUser(ctx, { ...input, password });
        return { user, ...(input.password ? {} : { password }) };
    }),
    'user.list': command(z.object({ orgId: orgId.optional() }), async (ctx, input) => listUsers(ctx, input.orgId)),
    'key.create': command(z.object({ orgId, kind: z.enum(['developer', 'automation']), userEmail: z.email().optional(), label: z.string().max(200).optional() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        if (input.kind === 'developer') {
            return issueCredential(ctx, { kind: 'developer_key', orgId: input.orgId, ...(input.label ? { label: input.label } : {}) });
        }
        const owner = input.userEmail
            ? findUserByEmail(ctx, input.userEmail)
            : listUsers(ctx, input.orgId).find((u) => u.role === 'admin');
        if (!owner || owner.orgId !== input.orgId) {
            throw new OperatorError(`an automation key acts for a user of the organisation: ${input.userEmail ?? 'no admin found'}`);
        }
        return issueCredential(ctx, {
            kind: 'automation_key',
            orgId: input.orgId,
            userId: owner.id,
            ...(input.label ? { label: input.label } : {}),
        });
    }),
    'key.list': command(z.object({ orgId: orgId.optional() }), async (ctx, input) => listCredentials(ctx, input.orgId)),
    'key.revoke': command(z.object({ keyId: z.string().min(1) }), (ctx, input) => revokeCredential(ctx, input.keyId)),
    'partner.create': command(z.object({ orgId, operations: operations.optional(), label: z.string().max(200).optional() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return issueCredential(ctx, {
            kind: 'partner_credential',
            orgId: input.orgId,
            allowedOperations: input.operations ?? DEFAULT_PARTNER_OPERATIONS,
            ...(input.label ? { label: input.label } : {}),
        });
    }),
    'client.create': command(z.object({
        name: z.string().min(1).max(200),
        redirectUris: z.array(z.string().min(1)).min(1),
        scopes: z.array(z.enum(OAUTH_SCOPES)).optional(),
        operations: operations.optional(),
    }), (ctx, input) => registerClient(ctx, {
        name: input.name,
        redirectUris: input.redirectUris,
        ...(input.scopes ? { scopes: input.scopes } : {}),
        allowedOperations: input.operations ?? DEFAULT_PARTNER_OPERATIONS,
    })),
    'client.list': command(z.object({}), async (ctx) => listClients(ctx)),
    'invite.create': command(z.object({ orgId }).extend(createInviteSchema.shape), async (ctx, { orgId: org, ...input }) => {
        requireOrg(ctx, org);
        try {
            const { invite, url } = await createInvite(ctx, org, input, 'operator');
            return { ...inviteView(invite, ctx.clock.now()), url };
        }
        catch (error) {
            if (error instanceof InviteInputError)
                throw new OperatorError(error.message);
            throw error;
        }
    }),
    'invite.list': command(z.object({ orgId, status: z.enum(INVITE_STATUSES).optional() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        const now = ctx.clock.now();
        return listInvites(ctx, input.orgId, { limit: 1000, ...(input.status ? { status: input.status } : {}) }).items.map((invite) => inviteView(invite, now));
    }),
    'invite.revoke': command(z.object({ orgId, inviteId: z.string().min(1) }), async (ctx, input) => {
        const revoked = await revokeInvite(ctx, input.orgId, input.inviteId);
        if (!revoked)
            throw new OperatorError(`no invite ${input.inviteId} in organisation ${input.orgId}`);
        return inviteView(revoked, ctx.clock.now());
    }),
    'invite.settings': command(z.object({ orgId, showParticipantSummary: z.boolean() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return setInviteSettings(ctx, input.orgId, { showParticipantSummary: input.showParticipantSummary });
    }),
    'profile.create': command(z.object({ orgId, profile: z.unknown() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        // The schema the scoring engine and the APIs use: a profile the CLI accepts is one that scores.
        const parsed = profileInputSchema.safeParse(input.profile);
        if (!parsed.success) {
            throw new OperatorError(`invalid profile: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
        }
        return profileView(await createProfile(ctx, input.orgId, parsed.data));
    }),
    'profile.list': command(z.object({ orgId, includeArchived: z.boolean().optional() }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return listProfiles(ctx, input.orgId, { includeArchived: input.includeArchived ?? false }).map((p) => ({
            ...profileView(p),
            ...(p.archived_at ? { archived_at: p.archived_at } : {}),
        }));
    }),
    'fault.set': command(z.object({
        orgId,
        surface: z.enum(FAULT_SURFACES),
        kind: z.enum(FAULT_KINDS),
        count: z.int().min(1).max(1000).optional(),
        minutes: z.int().min(1).max(1440).optional(),
        retryAfterSeconds: z.int().min(0).max(3600).optional(),
        latencyMs: z.int().min(1).max(30_000).optional(),
    }), async (ctx, { orgId: org, retryAfterSeconds, latencyMs, ...input }) => {
        requireOrg(ctx, org);
        if (input.count !== undefined && input.minutes !== undefined)
            throw new OperatorError('give either --count or --minutes, not both');
        const fault = await setFault(ctx, org, {
            ...input,
            ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}),
            ...(latencyMs !== undefined ? { latency_ms: latencyMs } : {}),
        });
        return faultView(fault);
    }),
    'fault.list': command(z.object({ orgId }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return listFaults(ctx, input.orgId).map(faultView);
    }),
    'fault.clear': command(z.object({ orgId }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return { cleared: await clearFaults(ctx, input.orgId) };
    }),
    'certify.start': command(startRunSchema.extend({ orgId }), async (ctx, { orgId: org, ...input }) => {
        requireOrg(ctx, org);
        try {
            const started = await startRun(ctx, org, input, { startedBy: 'operator', partnerOperations: DEFAULT_PARTNER_OPERATIONS });
            return { run: { id: started.run.id, status: started.run.status, deadline: new Date(started.run.deadline).toISOString() }, credentials: started.credentials, url: started.url };
        }
        catch (error) {
            if (error instanceof RunInputError)
                throw new OperatorError(error.message);
            throw error;
        }
    }),
    'certify.status': command(z.object({ runId: z.string().min(1) }), async (ctx, input) => reportOf(runOrFail(ctx, input.runId))),
    'certify.finish': command(z.object({ runId: z.string().min(1) }), async (ctx, input) => {
        const run = runOrFail(ctx, input.runId);
        return reportOf((await finishRun(ctx, run.orgId, run.id, 'it was finished by the operator')) ?? run);
    }),
    'certify.list': command(z.object({ orgId }), async (ctx, input) => {
        requireOrg(ctx, input.orgId);
        return listRuns(ctx, input.orgId, { limit: 100 }).items.map((run) => reportOf(run).run);
    }),
    'seed.demo': command(z.object({}), (ctx) => seedDemo(ctx)),
};
export function isCommandName(name) {
    return Object.hasOwn(COMMANDS, name);
}
export async function runCommand(ctx, name, args) {
    const cmd = COMMANDS[name];
    const parsed = cmd.input.safeParse(args);
    if (!parsed.success)
        throw new OperatorError(z.prettifyError(parsed.error));
    try {
        return await cmd.run(ctx, parsed.data);
    }
    catch (error) {
        if (error instanceof OperatorError)
            throw error;
        throw new OperatorError(error.message);
    }
}
//# sourceMappingURL=commands.js.map