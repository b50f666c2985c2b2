import { z } from 'zod';
import { cursorPageSchema, invalidFieldsBodySchema } from '../http/index.js';
import { EVENT_TYPES, eventTypesFor, type EventType, type WebhookSurface } from './event-types.js';

/**
 * The webhook endpoints' request and response shapes as zod schemas: webhook-routes.ts validates with the
 * request schemas, the views are typed by the response schemas, and each surface's OpenAPI
 * document is generated from them (`webhookOpenApi`), so the three cannot drift apart.
 */
const MAX_URL_LENGTH = 2048;
const eventType = z.enum(EVENT_TYPES.map((info) => info.type) as [EventType, ...EventType[]]);

export const createSubscriptionBody = (surface: WebhookSurface) => {
  const types = eventTypesFor(surface) as [EventType, ...EventType[]];
  return z
    .object({
      url: z.url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' }).max(MAX_URL_LENGTH),
      events: z
        .array(z.enum(types, { error: `must be one of ${types.join(', ')}` }))
        .max(types.length * 2)
        .optional()
        .describe('Omitted or empty: every event type of the surface.'),
      description: z.string().max(200).optional(),
    })
    .strict();
};

export const subscriptionSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(eventType),
    description: z.string().nullable(),
    status: z.enum(['active', 'disabled']),
    disabled_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .strict();
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

const createdSubscriptionSchema = subscriptionSchema.extend({
  secret: z.string().describe('`whsec_…`: verify deliveries with it. Shown in this answer only.'),
});

/** One delivery attempt, as stored (webhook-records.ts: AttemptRecord is this type) and as listed. */
export const attemptSchema = z
  .object({
    id: z.string().describe('`att_…`'),
    delivery_id: z.string(),
    event_id: z.string().describe('= the `webhook-id` header of the delivery'),
    event_type: eventType,
    attempt: z.number().int().describe('1 for the first attempt of a delivery.'),
    at: z.string(),
    status_code: z.number().int().nullable().describe("The receiver's HTTP status, or null when no answer came (network error, timeout, refused) or the receiver is an internal address the operator allowed (then only the outcome and the status class in `error` are kept)."),
    latency_ms: z.number(),
    error: z.string().nullable(),
    response_body: z.string().nullable().describe("The first 512 characters of the receiver's answer, to see why it refused."),
    outcome: z.enum(['delivered', 'retrying', 'failed', 'disabled']),
    next_attempt_at: z.string().nullable(),
  })
  .strict();
export type AttemptView = z.infer<typeof attemptSchema>;

/** What a surface's OpenAPI document needs to describe `<base>/webhooks`. */
export function webhookOpenApi(base: string, surface: WebhookSurface, errorRef: (status: string, description: string) => unknown) {
  const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
  const json = (id: string, description: string) => ({ description, content: { 'application/json': { schema: ref(id) } } });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const paging = [
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
    { name: 'cursor', in: 'query', schema: { type: 'string' }, description: '`next_cursor` of the previous page.' },
  ];
  const notFound = errorRef('404', 'No such subscription in this organisation (or on this surface).');
  const badPage = json('InvalidFieldsError', 'limit is not 1–100, or cursor is not one of this list (`fields` names it).');
  const docs = 'See docs/webhooks.md for payloads, signatures and the retry schedule.';
  return {
    paths: {
      [`${base}/webhooks`]: {
        post: {
          summary: 'Subscribe a URL to event types',
          description: docs,
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateSubscriptionBody') } } },
          responses: {
            '201': json('CreatedSubscription', 'Subscribed; the secret is shown this once.'),
            '400': json('InvalidFieldsError', 'A field is invalid or the URL is refused by the SSRF guard (`fields` names each).'),
            '409': errorRef('409', 'The organisation holds the maximum number of subscriptions on this surface.'),
          },
        },
        get: {
          summary: 'Subscriptions, newest first',
          parameters: [
            ...paging,
            {
              name: 'q',
              in: 'query',
              description: 'Search: every word must begin a word of the description, URL, id or an event type; any case.',
              schema: { type: 'string', maxLength: 200 },
            },
          ],
          responses: { '200': json('Subscriptions', 'A page.'), '400': badPage },
        },
        delete: {
          summary: 'Unsubscribe, the id in the query (for tools that cannot put it in the path)',
          parameters: [{ ...id, in: 'query' }],
          responses: {
            '204': { description: 'Deleted.' },
            '400': json('InvalidFieldsError', 'No id given.'),
            '404': notFound,
          },
        },
      },
      [`${base}/webhooks/event-types`]: {
        get: { summary: `The event types a ${surface} subscription may ask for`, responses: { '200': json('EventTypes', 'The list.') } },
      },
      [`${base}/webhooks/{id}`]: {
        get: { summary: 'One subscription', parameters: [id], responses: { '200': json('Subscription', 'The subscription.'), '404': notFound } },
        delete: { summary: 'Unsubscribe', parameters: [id], responses: { '204': { description: 'Deleted.' }, '404': notFound } },
      },
      [`${base}/webhooks/{id}/enable`]: {
        post: { summary: 'Enable again after a 410 disabled it', parameters: [id], responses: { '200': json('Subscription', 'Active again.'), '404': notFound } },
      },
      [`${base}/webhooks/{id}/attempts`]: {
        get: {
          summary: 'Delivery attempts, newest first',
          parameters: [id, ...paging, { name: 'event_id', in: 'query', schema: { type: 'string' } }],
          responses: { '200': json('Attempts', 'A page.'), '400': badPage, '404': notFound },
        },
      },
    },
    inputSchemas: { CreateSubscriptionBody: createSubscriptionBody(surface) },
    outputSchemas: {
      Subscription: subscriptionSchema,
      CreatedSubscription: createdSubscriptionSchema,
      Subscriptions: cursorPageSchema(subscriptionSchema),
      Attempts: cursorPageSchema(attemptSchema),
      InvalidFieldsError: invalidFieldsBodySchema,
      EventTypes: z.object({ data: z.array(z.object({ type: eventType, description: z.string() }).strict()) }).strict(),
    },
  };
}

/** The body of every delivery (docs/webhooks.md#payload): one event type and what its `data` holds. */
export const eventPayloadSchema = <T extends z.ZodType>(type: EventType, data: T) =>
  z
    .object({
      id: z.string().describe('`evt_…`; also the `webhook-id` header, the same in every retry and for every subscription: drop repeats by it.'),
      type: z.literal(type),
      created_at: z.iso.datetime(),
      organization_id: z.string(),
      data,
    })
    .strict();

/**
 * The OpenAPI 3.1 `webhooks` of a surface: one POST per event type, as the receiver gets it.
 * `payloads` names each event type's payload component (built with eventPayloadSchema).
 */
export function webhookEventsOpenApi(payloads: Partial<Record<EventType, string>>): Record<string, unknown> {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, schema: { type: 'string' }, description });
  return Object.fromEntries(
    EVENT_TYPES.flatMap(({ type, description }) => {
      const component = payloads[type];
      if (!component) return [];
      return [
        [
          type,
          {
            post: {
              summary: description,
              description: 'Signed per Standard Webhooks; verify over the raw body before parsing it. See docs/webhooks.md for signatures and the retry schedule.',
              security: [],
              parameters: [
                header('webhook-id', '= the payload id.'),
                header('webhook-timestamp', 'Unix seconds of this attempt; refuse one more than 5 minutes away.'),
                header('webhook-signature', '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">`, keyed with the base64-decoded part of the `whsec_` secret.'),
              ],
              requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } } },
              responses: {
                '2XX': { description: 'Delivered.' },
                '410': { description: 'Gone: the subscription is disabled until POST …/webhooks/{id}/enable.' },
                default: { description: 'Network errors, timeouts, 408, 425, 429 (Retry-After honoured) and 5xx are retried on the schedule; 3xx and other 4xx are not.' },
              },
            },
          },
        ],
      ];
    }),
  );
}

