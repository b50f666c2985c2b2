import { componentSchemas, jsonRef, jsonResponse, queryParameters } from '../http/index.js';
import { instrumentSchema } from '../psychometrics/index.js';
import { scoreReportSchema } from '../psychometrics/index.js';
import { webhookOpenApi } from '../webhooks/index.js';
import { benchmarkTagSchema, benchmarkTagsResponseSchema, crmConfigResponseSchema, errorSchema, generalNormSchema, normSetSchema, publicResultSchema, resultResponseSchema, submitErrorSchema, submitResponseSchema } from './assessment-response-schemas.js';
import { DEFAULT_LIMIT, FIRST_PAGE, MAX_LIMIT } from './benchmark-tags.js';
import { createdInviteSchema, inviteListQuerySchema, inviteListSchema, inviteSettingsViewSchema, inviteViewSchema } from '../assessments/index.js';
import { inviteSettingsSchema } from '../assessments/index.js';
import { createInviteSchema } from '../assessments/index.js';
import { crmConfigSchema } from '../assessments/index.js';
import { submitSchema } from './submit-input.js';

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the same zod schemas the handlers
 * validate with and type their responses by; served at `GET /api/v1/openapi.json`.
 */
const errors = {
  '401': jsonResponse('Error', 'Missing or invalid developer key.'),
  '500': jsonResponse('Error', 'The server failed; retry with backoff.'),
};

/** Scoring: the instrument, a submit, the stored results. */
function scoringPaths(): Record<string, unknown> {
  return {
    '/api/v1/assessment/questions': {
      get: {
        summary: 'The instrument: 140 questions in three categories',
        responses: { '200': jsonResponse('Instrument', 'The instrument definition.'), ...errors },
      },
    },
    '/api/v1/assessment/submit': {
      post: {
        summary: 'Score answers and create or replace the result for the email',
        requestBody: { required: true, content: { 'application/json': { schema: jsonRef('SubmitBody') } } },
        responses: {
          '200': jsonResponse('SubmitResponse', 'Scored and stored.'),
          '400': jsonResponse('SubmitError', 'Invalid JSON, a bad email, missing or invalid answers, or an unknown benchmark_tag_id.'),
          '413': jsonResponse('Error', 'Body larger than 256 kB.'),
          ...errors,
        },
      },
    },
    '/api/v1/assessment/results': {
      get: {
        summary: "The organisation's stored result for an email and/or result id",
        parameters: [
          { name: 'email', in: 'query', schema: { type: 'string' }, description: 'Compared case-insensitively.' },
          { name: 'result_id', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': jsonResponse('ResultResponse', 'The result.'),
          '400': jsonResponse('Error', 'Neither email nor result_id given.'),
          '404': jsonResponse('Error', 'No such result in this organisation.'),
          ...errors,
        },
      },
    },
  };
}

/** Invite links and how the organisation's invites behave. */
function invitePaths(): Record<string, unknown> {
  return {
    '/api/v1/assessment/invites': {
      post: {
        summary: 'Create an invite link for a participant (no account needed); the link is in this answer only',
        requestBody: { required: true, content: { 'application/json': { schema: jsonRef('InviteBody') } } },
        responses: {
          '201': jsonResponse('CreatedInvite', 'Created; `url` carries the single-purpose token and is never shown again.'),
          '400': jsonResponse('InvalidFieldsError', 'A bad email, an unknown benchmark_tag_id, or expires_at in the past or more than 90 days ahead.'),
          ...errors,
        },
      },
      get: {
        summary: "The organisation's invites with their status, newest first, in cursor pages",
        parameters: queryParameters(inviteListQuerySchema),
        responses: { '200': jsonResponse('InviteList', 'A page of invites.'), '400': jsonResponse('InvalidFieldsError', 'A bad query parameter or cursor.'), ...errors },
      },
    },
    '/api/v1/assessment/invites/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { summary: 'One invite', responses: { '200': jsonResponse('Invite', 'The invite.'), '404': jsonResponse('Error', 'No such invite in this organisation.'), ...errors } },
      delete: {
        summary: 'Revoke an invite: its link shows that it was withdrawn, and its saved answers are deleted',
        responses: {
          '200': jsonResponse('Invite', 'Revoked (also when it already was).'),
          '404': jsonResponse('Error', 'No such invite in this organisation.'),
          '409': jsonResponse('Error', 'Already completed: the result stays.'),
          ...errors,
        },
      },
    },
    '/api/v1/assessment/invite-settings': {
      get: { summary: "How this organisation's invites behave", responses: { '200': jsonResponse('InviteSettings', 'The settings.'), ...errors } },
      put: {
        summary: "Set how this organisation's invites behave",
        requestBody: { required: true, content: { 'application/json': { schema: jsonRef('InviteSettingsBody') } } },
        responses: { '200': jsonResponse('InviteSettings', 'Saved.'), '400': jsonResponse('InvalidFieldsError', 'Not a boolean.'), ...errors },
      },
    },
  };
}

/** The benchmark norms every score is computed against. */
function benchmarkPaths(): Record<string, unknown> {
  return {
    '/api/v1/benchmark-tags': {
      get: {
        summary: 'Benchmark tags with their (synthetic) norms, and the general norm of untagged results',
        description:
          'Every statistic the scoring uses is here: each tag’s norms, and on every page `generalNorm`, the norm a submit ' +
          'without benchmark_tag_id is scored against. With the formulas of docs/assessment.md they reproduce any result.',
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: FIRST_PAGE } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, default: DEFAULT_LIMIT }, description: `Capped at ${MAX_LIMIT}.` },
        ],
        responses: { '200': jsonResponse('BenchmarkTags', 'A page of tags.'), '400': jsonResponse('Error', 'page or limit is not a positive integer.'), ...errors },
      },
    },
  };
}

function crmPaths(): Record<string, unknown> {
  return {
    '/api/v1/crm-sync': {
      get: { summary: 'The CRM sync target (without its credential)', responses: { '200': jsonResponse('CrmSyncConfig', 'The target, or null.'), ...errors } },
      put: {
        summary: 'Set (replace) the CRM sync target',
        requestBody: { required: true, content: { 'application/json': { schema: jsonRef('CrmSyncBody') } } },
        responses: { '200': jsonResponse('CrmSyncConfig', 'Saved.'), '400': jsonResponse('Error', 'Invalid configuration or URL refused.'), ...errors },
      },
      delete: {
        summary: 'Remove the CRM sync target',
        responses: { '204': { description: 'Removed.' }, '404': jsonResponse('Error', 'Nothing configured.'), ...errors },
      },
    },
  };
}

function components(webhooks: ReturnType<typeof webhookOpenApi>): Record<string, unknown> {
  return {
    securitySchemes: { developerKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    schemas: {
      ...componentSchemas(
        { SubmitBody: submitSchema, CrmSyncBody: crmConfigSchema, InviteBody: createInviteSchema, InviteSettingsBody: inviteSettingsSchema, ...webhooks.inputSchemas },
        'input',
      ),
      ...componentSchemas(
        {
          Instrument: instrumentSchema,
          ScoreReport: scoreReportSchema,
          SubmitResponse: submitResponseSchema,
          SubmitError: submitErrorSchema,
          Result: publicResultSchema,
          ResultResponse: resultResponseSchema,
          BenchmarkTag: benchmarkTagSchema,
          NormSet: normSetSchema,
          GeneralNorm: generalNormSchema,
          BenchmarkTags: benchmarkTagsResponseSchema,
          CrmSyncConfig: crmConfigResponseSchema,
          Invite: inviteViewSchema,
          CreatedInvite: createdInviteSchema,
          InviteList: inviteListSchema,
          InviteSettings: inviteSettingsViewSchema,
          Error: errorSchema,
          ...webhooks.outputSchemas,
        },
        'output',
      ),
    },
  };
}

export function assessmentOpenApi(): Record<string, unknown> {
  const webhooks = webhookOpenApi('/api/v1', 'assessment', (_status, description) => jsonResponse('Error', description));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assessment API',
      version: '1.0',
      description:
        'Synchronous psychometric instrument, submission and scored results for one organisation, benchmark norms, ' +
        'CRM sync and assessment webhooks. See docs/assessment.md for the scoring model.',
    },
    security: [{ developerKey: [] }],
    paths: { ...scoringPaths(), ...invitePaths(), ...benchmarkPaths(), ...webhooks.paths, ...crmPaths() },
    components: components(webhooks),
  };
}
