import { z } from 'zod';
import { createdInviteSchema, inviteViewSchema } from '../assessments/index.js';
import { FAULT_KINDS, FAULT_SURFACES } from '../faults/index.js';
import { profileViewSchema } from '../submissions/index.js';
import { OAUTH_SCOPES } from '../tenancy/index.js';

/**
 * What the operator commands answer, as schemas: the CLI prints these, `certify run` reads them,
 * and the operator endpoint checks its answers against them (so a field the domain adds is not
 * printed by accident: it is added here first).
 */

export const organizationOutput = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });

export const userOutput = z.object({ id: z.string(), orgId: z.string(), email: z.string(), name: z.string(), role: z.enum(['admin', 'member']), createdAt: z.string() });

export const credentialOutput = z.object({
  keyId: z.string(),
  kind: z.enum(['developer_key', 'automation_key', 'partner_credential']),
  orgId: z.string(),
  label: z.string(),
  userId: z.string().optional(),
  allowedOperations: z.array(z.string()).optional(),
  hint: z.string(),
  runId: z.string().optional(),
  createdAt: z.string(),
  revokedAt: z.string().optional(),
});

export const issuedCredentialOutput = z.object({ secret: z.string(), credential: credentialOutput });

export const clientOutput = z.object({
  id: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.enum(OAUTH_SCOPES)),
  allowedOperations: z.array(z.string()),
  orgId: z.string().optional(),
  runId: z.string().optional(),
  accessTokenTtlSeconds: z.number().optional(),
  createdAt: z.string(),
  revokedAt: z.string().optional(),
});

export const inviteOutput = inviteViewSchema;
export const createdInviteOutput = createdInviteSchema;
export const inviteSettingsOutput = z.object({ id: z.literal('settings'), showParticipantSummary: z.boolean(), updatedAt: z.string() });

export const profileOutput = profileViewSchema;
export const listedProfileOutput = profileViewSchema.extend({ archived_at: z.string().optional() });

export const faultOutput = z.object({
  id: z.string(),
  surface: z.enum(FAULT_SURFACES),
  kind: z.enum(FAULT_KINDS),
  remaining: z.number().optional(),
  until: z.string().optional(),
  retry_after_seconds: z.number(),
  latency_ms: z.number(),
  created_at: z.string(),
});

const headers = z.record(z.string(), z.string());
const evidence = z.object({
  at: z.string(),
  note: z.string(),
  request: z.object({ method: z.string(), url: z.string(), headers: headers.optional(), body: z.string().optional() }).optional(),
  response: z
    .object({ status: z.number().nullable(), latencyMs: z.number().optional(), headers: headers.optional(), body: z.string().optional(), error: z.string().optional() })
    .optional(),
});

const runSummary = z.object({
  id: z.string(),
  status: z.enum(['ready', 'running', 'passed', 'failed']),
  started_at: z.string(),
  begun_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  started_by: z.string(),
  ended: z
    .object({
      reason: z.enum(['decided', 'command_exited', 'command_signalled', 'timeout', 'never_begun', 'interrupted', 'operator', 'workspace', 'lost']),
      exit_code: z.number().optional(),
      signal: z.string().optional(),
      by: z.string().optional(),
      text: z.string(),
    })
    .nullable(),
  integration: z.object({ name: z.string(), webhook_url: z.string().nullable(), redirect_uris: z.array(z.string()) }),
});

/** A run's report (certification/report.ts `Report`, which the CLI's renderings take). */
export const reportOutput = z.object({
  run: runSummary,
  checks: z.array(
    z.object({
      id: z.string(),
      level: z.enum(['MUST', 'SHOULD']),
      outcome: z.enum(['pass', 'fail', 'warn', 'not_run', 'pending']),
      clause: z.string(),
      title: z.string(),
      summary: z.string(),
      explanation: z.string().nullable(),
      advice: z.object({ why: z.string(), fix: z.string(), reach: z.string() }),
      waiting_for: z.string().nullable(),
      evidence: z.array(evidence),
    }),
  ),
  summary: z.object({ passed: z.number(), failed: z.number(), warned: z.number(), not_run: z.number(), pending: z.number(), explained: z.number() }),
  certificate: z.object({ id: z.string(), url: z.string(), jws_url: z.string() }).nullable(),
});

export const runListOutput = z.array(runSummary);

/** `certify.wait`: the report and its version, which the next wait names as the one seen. */
export const reportVersionOutput = z.object({ report: reportOutput, version: z.string() });

/** `certify.start`: the run as the commands show it, and its credentials (shown once). */
export const startedRunOutput = z.object({
  run: z.object({ id: z.string(), status: z.enum(['ready', 'running', 'passed', 'failed']), deadline: z.string() }),
  credentials: z.object({
    base_url: z.string(),
    automation_key: z.string().optional(),
    developer_key: z.string().optional(),
    oauth_client: z.object({ client_id: z.string(), client_secret: z.string(), redirect_uris: z.array(z.string()), access_token_lifetime_seconds: z.number() }).optional(),
    webhook: z.object({ subscription_id: z.string(), url: z.string(), secret: z.string().optional() }).optional(),
  }),
  url: z.string(),
});

export const keyViewOutput = z.array(z.object({ kid: z.string(), created_at: z.string(), state: z.enum(['signing', 'retired', 'withdrawn']), published: z.boolean() }));

export const demoOutput = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  user: z.object({ email: z.string(), password: z.string() }),
  developerKey: z.string(),
  automationKey: z.string(),
  partnerCredential: z.string(),
  oauthClient: z.object({ clientId: z.string(), clientSecret: z.string(), redirectUri: z.string(), redirectUris: z.array(z.string()) }),
});
