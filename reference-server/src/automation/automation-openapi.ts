import { z } from 'zod';
import { errorBodySchema, fieldProblemSchema, invalidFieldsBodySchema, componentSchemas, jsonRef, jsonResponse, mergeComponents, queryParameters, type JsonSchema } from '../http/index.js';
import {
  criterionScoreSchema,
  fieldMappingSchema,
  fieldMappingViewSchema,
  fieldValueSchema,
  founderSchema,
  MAX_ATTACHMENTS,
  profileViewSchema,
  reportSchema,
  resourceViewSchema,
  scoreSummarySchema,
  segmentViewSchema,
  submissionDetailSchema,
  submissionErrorSchema,
  submissionEventData,
  submissionSummarySchema,
  transcriptPreviewSchema,
  transcriptViewSchema,
} from '../submissions/index.js';
import { eventPayloadSchema, webhookEventsOpenApi, webhookOpenApi } from '../webhooks/index.js';
import { eventTypesFor, type EventType } from '../webhooks/index.js';
import { meSchema, payloadTooLargeSchema, profilesSchema, rateLimitedSchema, resourcesPageSchema, submissionAcceptedSchema, submissionConflictSchema, submissionExistingSchema, submissionsPageSchema, transcriptsPageSchema } from './automation-response-schemas.js';
import { DEFAULT_REQUESTS_PER_MINUTE } from './rate-limit.js';
import { attachmentListSchema, profileListSchema, resourceBodySchema, submissionCreateSchema, submissionListSchema, transcriptBodySchema } from './request-schemas.js';

/**
 * The OpenAPI 3.1 document of `/api/automation`, served at `GET /api/automation/openapi.json`.
 * Every schema in it is generated from the zod schema the handler validates with or types its
 * answer by; openapi.test.ts checks that it names every route the router mounts and that real
 * answers parse strictly against the schema it gives for their status.
 */
const BASE = '/api/automation';
const DOCS = 'docs/automation.md';

const webhooks = webhookOpenApi(BASE, 'automation', (_status, description) => jsonResponse('Error', description));

/** `submission.completed` → `SubmissionCompletedEvent`. */
const eventComponent = (type: string) => `${type.replace(/(^|[._])(\w)/g, (_m, _sep: string, letter: string) => letter.toUpperCase())}Event`;

/** The payload of each event an automation subscription may receive. */
const eventPayloads = Object.fromEntries(
  eventTypesFor('automation').map((type: EventType) => {
    const data =
      type in submissionEventData
        ? submissionEventData[type as keyof typeof submissionEventData]
        : z.record(z.string(), z.unknown()).describe("The assessment result summary (the Assessment API's): docs/webhooks.md#assessment-events.");
    return [eventComponent(type), eventPayloadSchema(type, data)];
  }),
);

/**
 * What the server sends, by component name: answers and webhook payloads. The tests parse real
 * answers and deliveries with these.
 */
export const automationOutputSchemas = {
  ...webhooks.outputSchemas,
  ...eventPayloads,
  FieldProblem: fieldProblemSchema,
  ScoreSummary: scoreSummarySchema,
  CriterionScore: criterionScoreSchema,
  Founder: founderSchema,
  Report: reportSchema,
  SubmissionError: submissionErrorSchema,
  SubmissionSummary: submissionSummarySchema,
  Segment: segmentViewSchema,
  TranscriptPreview: transcriptPreviewSchema,
  Error: errorBodySchema,
  InvalidFieldsError: invalidFieldsBodySchema,
  PayloadTooLarge: payloadTooLargeSchema,
  RateLimited: rateLimitedSchema,
  SubmissionConflict: submissionConflictSchema,
  FieldValue: fieldValueSchema,
  Me: meSchema,
  Profile: profileViewSchema,
  Profiles: profilesSchema,
  FieldMapping: fieldMappingViewSchema,
  SubmissionAccepted: submissionAcceptedSchema,
  SubmissionExisting: submissionExistingSchema,
  Submission: submissionDetailSchema,
  Submissions: submissionsPageSchema,
  Resource: resourceViewSchema,
  Resources: resourcesPageSchema,
  Transcript: transcriptViewSchema,
  Transcripts: transcriptsPageSchema,
} satisfies Record<string, z.ZodType>;

/** Multipart forms: the JSON body's text fields plus one file part named `file`. */
const resourceUpload = resourceBodySchema
  .omit({ url: true })
  .extend({ file: z.file().describe('The file. Over the upload limit (default 10 MiB) → 413.') })
  .describe('A file upload: give submission_id or record_id, and the file.');
const transcriptUpload = transcriptBodySchema
  .extend({
    segments: z.string().optional().describe('The segments array, JSON-encoded.'),
    file: z.file().optional().describe('A UTF-8 text file instead of `text` (its name becomes the title); a binary file → 400.'),
  })
  .describe('Text fields as in the JSON body, or a UTF-8 text file.');

const requestSchemas = {
  FieldValue: fieldValueSchema,
  SubmissionCreateBody: submissionCreateSchema,
  ResourceBody: resourceBodySchema.describe('A link: give submission_id or record_id, and url.'),
  ResourceUpload: resourceUpload,
  TranscriptBody: transcriptBodySchema.describe('Give submission_id or record_id, and text, segments or both.'),
  TranscriptUpload: transcriptUpload,
  FieldMappingBody: fieldMappingSchema,
  ...webhooks.inputSchemas,
};

const id = (description: string) => ({ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description });
const rateLimitHeaders = { RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' } };
const jsonBody = (component: string) => ({ required: true, content: { 'application/json': { schema: jsonRef(component) } } });
const attachBody = (json: string, multipart: string) => ({
  required: true,
  description: "Top-level keys are renamed by the organisation's field mapping first (GET /field-mapping).",
  content: {
    'application/json': { schema: jsonRef(json) },
    'multipart/form-data': { schema: jsonRef(multipart), encoding: { file: { contentType: '*/*' } } },
  },
});
const invalid = (description: string) => jsonResponse('InvalidFieldsError', `${description} \`fields\` names each problem.`);
const notFound = (what: string) => jsonResponse('Error', `No such ${what} in this organisation (another organisation's ids are answered the same way).`);
/** Answers of every operation that reads a JSON body, beyond its own. */
const bodyAnswers = {
  '400': invalid('A field is missing or invalid, or the body is not JSON.'),
  '413': jsonResponse('PayloadTooLarge', 'The JSON body is over 2 MiB (or an uploaded file over the upload limit).'),
  '415': jsonResponse('Error', 'A charset or Content-Encoding the server does not read.'),
};

const paths: Record<string, Record<string, JsonSchema>> = {
  [`${BASE}/openapi.json`]: {
    get: {
      summary: 'This document',
      security: [],
      responses: { '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  [`${BASE}/me`]: { get: { summary: "The key's owner and organisation", responses: { '200': jsonResponse('Me', 'Who the key belongs to.') } } },
  [`${BASE}/profiles`]: {
    get: {
      summary: "The organisation's investment/success profiles",
      description: `Scoring rules: ${DOCS}#scoring.`,
      parameters: queryParameters(profileListSchema),
      responses: { '200': jsonResponse('Profiles', 'Every profile (those matching `q`, with it).') },
    },
  },
  [`${BASE}/profiles/{id}`]: {
    get: { summary: 'One profile', parameters: [id('`prf_…`')], responses: { '200': jsonResponse('Profile', 'The profile.'), '404': notFound('profile') } },
  },
  [`${BASE}/field-mapping`]: {
    get: { summary: "The organisation's field mapping", description: `${DOCS}, Field mapping.`, responses: { '200': jsonResponse('FieldMapping', 'The mapping (empty until set).') } },
    put: {
      summary: 'Replace the field mapping',
      description: 'Per target, your column names onto the API field names; `{}` clears it.',
      requestBody: jsonBody('FieldMappingBody'),
      responses: { '200': jsonResponse('FieldMapping', 'Saved.'), ...bodyAnswers },
    },
  },
  [`${BASE}/submissions`]: {
    post: {
      summary: 'Submit a person or deal for scoring against a profile',
      description:
        `Asynchronous: answers at once, scores in a durable queue; follow with GET /submissions/{id} or the submission.* webhooks. ` +
        `A repeated record_id never makes a duplicate. Keys inside \`fields\` are renamed by the organisation's field mapping. ${DOCS}, POST /submissions.`,
      requestBody: jsonBody('SubmissionCreateBody'),
      responses: {
        '202': jsonResponse('SubmissionAccepted', 'Queued.', { headers: { Location: { description: 'The submission: GET it for the status and score.', schema: { type: 'string' } } } }),
        '200': jsonResponse('SubmissionExisting', 'This record_id was submitted before with the same profile_id and fields: its job, current status.'),
        ...bodyAnswers,
        '400': invalid('record_id, profile_id or fields is missing or invalid, or profile_id is not a profile of this organisation.'),
        '409': jsonResponse('SubmissionConflict', 'The record_id was submitted before with a different profile_id or fields.'),
      },
    },
    get: {
      summary: "The organisation's submissions, newest first",
      description:
        'Cursor-paged; a page costs the same at any total. With a status, profile_id or updated_since filter a page may hold fewer than `limit` items ' +
        `while next_cursor is not null: keep following it. ${DOCS}, GET /submissions.`,
      parameters: queryParameters(submissionListSchema),
      responses: { '200': jsonResponse('Submissions', 'A page.'), '400': invalid('A query parameter is invalid, or the cursor is not one of this list.') },
    },
  },
  [`${BASE}/submissions/{id}`]: {
    get: {
      summary: 'One submission in full: score, criteria, founders, report',
      parameters: [id('The submission id `sub_…` or its job id `job_…`.')],
      responses: { '200': jsonResponse('Submission', 'The submission.'), '404': notFound('submission') },
    },
  },
  ...attachmentPaths('resources', 'Resource', 'a link or an uploaded file'),
  [`${BASE}/resources/{id}/content`]: {
    get: {
      summary: "An uploaded resource's bytes",
      parameters: [id('`rsc_…`')],
      responses: {
        '200': { description: 'The file as uploaded, with its content type.', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
        '404': notFound('uploaded file'),
      },
    },
  },
  ...attachmentPaths('transcripts', 'Transcript', 'a transcript (text, speaker segments, or a text file)'),
  ...webhooks.paths,
};

function attachmentPaths(kind: 'resources' | 'transcripts', name: 'Resource' | 'Transcript', what: string): Record<string, Record<string, JsonSchema>> {
  return {
    [`${BASE}/${kind}`]: {
      post: {
        summary: `Attach ${what} to a submission`,
        description: `The submission is scored again with it. At most ${MAX_ATTACHMENTS} ${kind} per submission. ${DOCS}, ${name}s.`,
        requestBody: attachBody(`${name}Body`, `${name}Upload`),
        responses: {
          '201': jsonResponse(name, 'Attached.'),
          ...bodyAnswers,
          '404': notFound('submission'),
          '409': jsonResponse('Error', `The submission already holds ${MAX_ATTACHMENTS} ${kind}.`),
        },
      },
      get: {
        summary: `${name}s, newest first`,
        description: "With submission_id or record_id: that submission's (one page). Without: the organisation's, cursor-paged.",
        parameters: queryParameters(attachmentListSchema),
        responses: { '200': jsonResponse(`${name}s`, 'A page.'), '400': invalid('A query parameter is invalid.'), '404': notFound('submission') },
      },
    },
    [`${BASE}/${kind}/{id}`]: {
      get: { summary: `One ${name.toLowerCase()}`, parameters: [id(kind === 'resources' ? '`rsc_…`' : '`trn_…`')], responses: { '200': jsonResponse(name, `The ${name.toLowerCase()}.`), '404': notFound(name.toLowerCase()) } },
    },
  };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation behind the key guard can also answer 401, 429 and 500; every answer past the guard carries the rate-limit headers. */
function withCommonAnswers(all: typeof paths): typeof paths {
  return Object.fromEntries(
    Object.entries(all).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if (!(HTTP_METHODS as readonly string[]).includes(method) || Array.isArray(operation.security)) return [method, operation];
          const own = operation.responses as Record<string, JsonSchema>;
          const responses = Object.fromEntries(Object.entries(own).map(([status, response]) => [status, { ...response, headers: { ...rateLimitHeaders, ...(response.headers as object) } }]));
          return [
            method,
            {
              ...operation,
              responses: {
                ...responses,
                '401': jsonResponse('Error', 'Missing or invalid automation key (a developer key is refused too).'),
                '429': jsonResponse('RateLimited', `Over the key's rate limit; wait Retry-After seconds. ${DOCS}#rate-limits.`, {
                  headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' }, ...rateLimitHeaders },
                }),
                '500': jsonResponse('Error', 'The server failed; retry with backoff.'),
              },
            },
          ];
        }),
      ),
    ]),
  );
}

export function automationOpenApi(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Automation API',
      version: '1.0',
      description:
        'For no-code automation platforms (n8n, Zapier, Make): submissions scored against investment/success profiles, ' +
        `resources and transcripts, the organisation's field mapping, and webhook subscriptions. ${DOCS} is the guide ` +
        '(errors, rate limits, scoring arithmetic); docs/webhooks.md describes event payloads, signatures and retries.',
    },
    servers: [{ url: '/', description: 'The reference server this document was served by.' }],
    security: [{ automationKey: [] }],
    paths: withCommonAnswers(paths),
    webhooks: webhookEventsOpenApi(Object.fromEntries(eventTypesFor('automation').map((type) => [type, eventComponent(type)]))),
    components: {
      securitySchemes: {
        automationKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: "An automation key of the organisation (operator CLI: `reference-server key create --org <id> --kind automation`)." },
      },
      headers: {
        RetryAfter: { description: 'Seconds until the window resets.', schema: { type: 'integer', minimum: 0 } },
        RateLimit: { description: 'IETF RateLimit (draft 8): `"automation-key"; r=<remaining>; t=<seconds to reset>`.', schema: { type: 'string' } },
        RateLimitPolicy: {
          description: `IETF RateLimit-Policy (draft 8): \`"automation-key"; q=<limit>; w=60; pk=…\`; ${DEFAULT_REQUESTS_PER_MINUTE} per key per minute unless the operator set another limit.`,
          schema: { type: 'string' },
        },
      },
      schemas: mergeComponents(componentSchemas(requestSchemas, 'input'), componentSchemas(automationOutputSchemas, 'output')),
    },
  };
}
