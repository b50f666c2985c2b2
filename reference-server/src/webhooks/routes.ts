import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { principalOf, decodeCursor, encodeCursor, fieldProblems, sendError, sendInvalidFields } from '../http/index.js';
import type { AppContext } from '../context.js';
import { InvalidCursorError } from '../store/index.js';
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
  const schema = createSubscriptionBody(surface);
  const notFound = (res: Response, id: string) => sendError(res, 404, `No webhook subscription ${JSON.stringify(id)} in this organisation.`);

  router.post('/', async (req, res) => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error));
      return;
    }
    const { orgId } = principalOf(req);
    const created = await createSubscription(ctx, orgId, { ...parsed.data, surface });
    if (!created.ok) {
      if (created.field === 'subscriptions') sendError(res, 409, created.message);
      else sendInvalidFields(res, [{ field: created.field, message: created.message }]);
      return;
    }
    res.status(201).location(`${req.baseUrl}/${created.subscription.id}`).json({ ...created.subscription, secret: created.secret });
  });

  router.get('/', (req, res) => {
    const parsed = listQuery.safeParse(req.query);
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error, 'query'));
      return;
    }
    const after = parsed.data.cursor !== undefined ? decodeCursor(`webhooks.${surface}`, parsed.data.cursor) : undefined;
    if (parsed.data.cursor !== undefined && !after) {
      sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list' }]);
      return;
    }
    try {
      const page = listSubscriptions(ctx, principalOf(req).orgId, surface, {
        limit: parsed.data.limit,
        ...(after ? { after } : {}),
        ...(parsed.data.q !== undefined ? { search: parsed.data.q } : {}),
      });
      res.json({ data: page.items, next_cursor: page.next ? encodeCursor(`webhooks.${surface}`, page.next) : null });
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      sendInvalidFields(res, [{ field: 'cursor', message: 'points at a subscription that no longer exists; start again without it' }]);
    }
  });

  router.get('/event-types', (_req, res) => {
    res.json({
      data: EVENT_TYPES.filter((info) => (info.surfaces as readonly string[]).includes(surface)).map(({ type, description }) => ({ type, description })),
    });
  });

  const remove = async (req: Request, res: Response, id: unknown) => {
    if (typeof id !== 'string' || id.length === 0) {
      sendInvalidFields(res, [{ field: 'id', message: 'is required (the subscription id, in the path, the query or the body)' }]);
      return;
    }
    if (!(await deleteSubscription(ctx, principalOf(req).orgId, surface, id))) {
      notFound(res, id);
      return;
    }
    res.status(204).end();
  };
  router.delete('/', (req, res) => remove(req, res, req.query.id ?? (req.body as { id?: unknown } | undefined)?.id));
  router.delete('/:id', (req, res) => remove(req, res, req.params.id));

  router.get('/:id', (req, res) => {
    const subscription = getSubscription(ctx, principalOf(req).orgId, surface, req.params.id);
    if (!subscription) notFound(res, req.params.id);
    else res.json(subscription);
  });

  router.post('/:id/enable', async (req, res) => {
    const subscription = await enableSubscription(ctx, principalOf(req).orgId, surface, req.params.id);
    if (!subscription) notFound(res, req.params.id);
    else res.json(subscription);
  });

  router.get('/:id/attempts', (req, res) => {
    const { orgId } = principalOf(req);
    if (!getSubscription(ctx, orgId, surface, req.params.id)) {
      notFound(res, req.params.id);
      return;
    }
    const parsed = pageQuery.safeParse(req.query);
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error, 'query'));
      return;
    }
    const list = `attempts.${req.params.id}`;
    const after = parsed.data.cursor !== undefined ? decodeCursor(list, parsed.data.cursor) : undefined;
    if (parsed.data.cursor !== undefined && !after) {
      sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list' }]);
      return;
    }
    try {
      const page = listAttempts(ctx, req.params.id, {
        limit: parsed.data.limit,
        ...(after ? { after } : {}),
        ...(parsed.data.event_id ? { eventId: parsed.data.event_id } : {}),
      });
      res.json({ data: page.items.map(attemptView), next_cursor: page.next ? encodeCursor(list, page.next) : null });
    } catch (error) {
      // The attempt the cursor continues after was pruned by retention meanwhile (or never was).
      if (!(error instanceof InvalidCursorError)) throw error;
      sendInvalidFields(res, [{ field: 'cursor', message: 'points at an attempt that no longer exists; start again without it' }]);
    }
  });

  return router;
}
