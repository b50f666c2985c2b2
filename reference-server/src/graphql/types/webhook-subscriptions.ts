import { GraphQLEnumType, GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import type { WebhookSurface } from '../../webhooks/index.js';
import { allSubscriptions, subscriptionView, type SubscriptionView } from '../../webhooks/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { listSize } from '../rules.js';
import { DateTime } from './scalars.js';

const WebhookSurfaceType = new GraphQLEnumType({
  name: 'WebhookSurface',
  values: {
    AUTOMATION: { value: 'automation', description: 'Subscribed through /api/automation/webhooks.' },
    ASSESSMENT: { value: 'assessment', description: 'Subscribed through the Assessment API webhooks.' },
  } satisfies Record<Uppercase<WebhookSurface>, { value: WebhookSurface; description: string }>,
});

const WebhookSubscriptionStatus = new GraphQLEnumType({
  name: 'WebhookSubscriptionStatus',
  values: {
    ACTIVE: { value: 'active' },
    DISABLED: { value: 'disabled', description: 'Deliveries stopped (the receiver answered 410 Gone); `disabledReason` says when.' },
  },
});

type Row = SubscriptionView & { surface: WebhookSurface };

const WebhookSubscriptionType = new GraphQLObjectType<Row>({
  name: 'WebhookSubscription',
  description: "A URL the platform sends the organisation's signed events to. The signing secret is shown once, at creation, and never here.",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), description: '`whk_…`' },
    surface: { type: new GraphQLNonNull(WebhookSurfaceType), description: 'The API it was created through.' },
    url: { type: new GraphQLNonNull(GraphQLString) },
    events: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))), description: 'Event types delivered, e.g. `submission.completed`.' },
    description: { type: GraphQLString },
    status: { type: new GraphQLNonNull(WebhookSubscriptionStatus) },
    disabledReason: { type: GraphQLString, resolve: (s) => s.disabled_reason },
    createdAt: { type: new GraphQLNonNull(DateTime), resolve: (s) => s.created_at },
    updatedAt: { type: new GraphQLNonNull(DateTime), resolve: (s) => s.updated_at },
  },
});

/** Newest first, like the webhooks endpoints list them. */
const newestFirst = (a: Row, b: Row) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

export const webhookSubscriptionsField: GraphQLFieldConfig<unknown, GraphqlContext, { surface?: WebhookSurface | null }> = {
  type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(WebhookSubscriptionType))),
  description:
    "The organisation's webhook subscriptions on both APIs, newest first, or on one `surface` (`getWebhookSubscriptionsQuery`). At most 50 per API, so no paging.",
  args: { surface: { type: WebhookSurfaceType } },
  extensions: listSize(100),
  resolve: async (_root, { surface }, { ctx, principal }) =>
    (await allSubscriptions(ctx, principal.orgId))
      .filter((record) => surface == null || record.surface === surface)
      .map((record) => ({ ...subscriptionView(record), surface: record.surface }))
      .sort(newestFirst),
};
