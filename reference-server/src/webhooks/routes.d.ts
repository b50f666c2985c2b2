import { Router } from 'express';
import type { AppContext } from '../context.js';
import { type WebhookSurface } from './event-types.js';
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
export declare function webhookRoutes(ctx: AppContext, surface: WebhookSurface): Router;
