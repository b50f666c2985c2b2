import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { parsedOr400, principalOf, sendCursorPage, sendError, sendInvalidFields } from '../http/index.js';
import type { AppContext } from '../context.js';
import { attemptView, listAttempts } from './attempts.js';
import { createSubscriptionBody } from './contract.js';
import { EVENT_TYPES, type WebhookSurface } from './event-types.js';
import { createSubscription, deleteSubscription, enableSubscription, getSubscription, listSubscriptions } from './subscriptions.js';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(512).optional(),
  event_id: z.string().max(128).optional(),
});

/** The subscriptions list: a page, and `q` over description, URL and event types (at most 50 subscriptions, filtered in full). */
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(512).optional(),
  q: z.string().max(200).optional(),
});

interface Deps {
  ctx: AppContext;
  surface: WebhookSurface;
}
type ById = RequestHandler<{ id: string }>;

const notFound = (res: Response, id: string) => sendError(res, 404, `No webhook subscription ${JSON.stringify(id)} in this organisation.`);

const create = ({ ctx, surface }: Deps): RequestHandler => {
  const schema = createSubscriptionBody(surface);
  return async (req, res) => {
    const body = parsedOr400(res, schema, req.body);
    if (!body) return;
    const { orgId, credentialId } = principalOf(req);
    const created = await createSubscription(ctx, orgId, { ...body, surface, createdWith: credentialId });
    if (!created.ok) {
      if (created.field === 'subscriptions') sendError(res, 409, created.message);
      else sendInvalidFields(res, [{ field: created.field, message: created.message }]);
      return;
    }
    res.status(201).location(`${req.baseUrl}/${created.subscription.id}`).json({ ...created.subscription, secret: created.secret });
  };
};

const list = ({ ctx, surface }: Deps): RequestHandler => async (req, res) => {
  const query = parsedOr400(res, listQuery, req.query, 'query');
  if (!query) return;
  await sendCursorPage(res, {
    list: `webhooks.${surface}`,
    cursor: query.cursor,
    what: 'a subscription',
    read: (after) => listSubscriptions(ctx, principalOf(req).orgId, surface, { limit: query.limit, ...(after ? { after } : {}), ...(query.q !== undefined ? { search: query.q } : {}) }),
    view: (subscription) => subscription,
  });
};

const eventTypes = ({ surface }: Deps): RequestHandler => (_req, res) => {
  res.json({ data: EVENT_TYPES.filter((info) => (info.surfaces as readonly string[]).includes(surface)).map(({ type, description }) => ({ type, description })) });
};

/** DELETE names the subscription in the path, or (for clients that cannot) in the query or the body. */
const remove =
  ({ ctx, surface }: Deps, idOf: (req: Request) => unknown): RequestHandler =>
  async (req, res) => {
    const id = idOf(req);
    if (typeof id !== 'string' || id.length === 0) {
      sendInvalidFields(res, [{ field: 'id', message: 'is required (the subscription id, in the path, the query or the body)' }]);
      return;
    }
    if (!(await deleteSubscription(ctx, principalOf(req).orgId, surface, id))) notFound(res, id);
    else res.status(204).end();
  };

const show = ({ ctx, surface }: Deps): ById => async (req, res) => {
  const subscription = await getSubscription(ctx, principalOf(req).orgId, surface, req.params.id);
  if (!subscription) notFound(res, req.params.id);
  else res.json(subscription);
};

const enable = ({ ctx, surface }: Deps): ById => async (req, res) => {
  const subscription = await enableSubscription(ctx, principalOf(req).orgId, surface, req.params.id);
  if (!subscription) notFound(res, req.params.id);
  else res.json(subscription);
};

const attempts = ({ ctx, surface }: Deps): ById => async (req, res) => {
  if (!(await getSubscription(ctx, principalOf(req).orgId, surface, req.params.id))) {
    notFound(res, req.params.id);
    return;
  }
  const query = parsedOr400(res, pageQuery, req.query, 'query');
  if (!query) return;
  await sendCursorPage(res, {
    list: `attempts.${req.params.id}`,
    cursor: query.cursor,
    // Pruned by retention meanwhile (or never was).
    what: 'an attempt',
    read: (after) => listAttempts(ctx, req.params.id, { limit: query.limit, ...(after ? { after } : {}), ...(query.event_id ? { eventId: query.event_id } : {}) }),
    view: attemptView,
  });
};

/**
 * Webhook subscription endpoints for one surface, mounted at `<surface base>/webhooks` behind the
 * surface's credential guard and JSON body parser (the caller's organisation comes from the
 * principal). Errors use the REST error body; 400s carry `fields: [{field, message}]`.
 *
 *   POST   /                 {url, events?, description?} → 201 subscription + `secret` (shown once)
 *   GET    /                 ?limit&cursor → {data: [subscription], next_cursor}
 *   GET    /event-types      → {data: [{type, description}]} this surface may subscribe to
 *   GET    /:id              → subscription
 *   DELETE /:id  (or DELETE / with ?id= or {id}) → 204
 *   POST   /:id/enable       → subscription, active again (after a 410 disabled it)
 *   GET    /:id/attempts     ?limit&cursor&event_id → {data: [attempt], next_cursor}, newest first
 */
export function webhookRoutes(ctx: AppContext, surface: WebhookSurface): Router {
  const router = Router();
  const deps: Deps = { ctx, surface };
  router.post('/', create(deps));
  router.get('/', list(deps));
  router.get('/event-types', eventTypes(deps));
  router.delete('/', remove(deps, (req) => req.query.id ?? (req.body as { id?: unknown } | undefined)?.id));
  router.delete('/:id', remove(deps, (req) => req.params.id));
  router.get('/:id', show(deps));
  router.post('/:id/enable', enable(deps));
  router.get('/:id/attempts', attempts(deps));
  return router;
}
