import express, { Router } from 'express';
import { automationKeyGuard } from '../auth/guards.js';
import { principalOf } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { sendError } from '../http/error-body.js';
import { fieldMappingSchema, getFieldMapping, getProfile, installSubmissions, listProfiles, profileView, setFieldMapping } from '../submissions/index.js';
import { getOrganization } from '../tenancy/organizations.js';
import { getUser } from '../tenancy/users.js';
import { installWebhooks, webhookRoutes } from '../webhooks/index.js';
import { attachmentRoutes, DEFAULT_MAX_UPLOAD_BYTES, uploadErrors } from './attachments-routes.js';
import { parseOr400 } from './http-helpers.js';
import { automationRateLimit } from './rate-limit.js';
import { submissionRoutes } from './submissions-routes.js';

/** JSON bodies: a transcript's text may be up to 1 MB. */
const JSON_LIMIT = '2mb';

/**
 * Router for `/api/automation` (docs/automation.md): the automation key, then the per-key rate
 * limit, then JSON parsing; errors use the REST body `{error, message, ...}` with
 * `fields: [{field, message}]` on every 400.
 */
export function createAutomationSurface(ctx: AppContext): Router {
  installWebhooks(ctx);
  installSubmissions(ctx);

  const router = Router();
  router.use(automationKeyGuard(ctx));
  const limiter = automationRateLimit(ctx);
  if (limiter) router.use(limiter);
  router.use(express.json({ limit: JSON_LIMIT }));

  router.get('/me', (req, res) => {
    const principal = principalOf(req);
    res.json({
      user: (principal.userId && getUser(ctx, principal.userId)?.email) ?? null,
      orgName: getOrganization(ctx, principal.orgId)?.name ?? null,
    });
  });

  router.get('/profiles', (req, res) => {
    res.json({ data: listProfiles(ctx, principalOf(req).orgId).map(profileView) });
  });
  router.get('/profiles/:id', (req, res) => {
    const profile = getProfile(ctx, principalOf(req).orgId, req.params.id);
    if (!profile) sendError(res, 404, `No profile ${JSON.stringify(req.params.id)} in this organisation.`);
    else res.json(profileView(profile));
  });

  router.get('/field-mapping', (req, res) => {
    res.json(getFieldMapping(ctx, principalOf(req).orgId));
  });
  router.put('/field-mapping', async (req, res) => {
    const mapping = parseOr400(res, fieldMappingSchema, req.body, 'body');
    if (!mapping) return;
    res.json(await setFieldMapping(ctx, principalOf(req).orgId, mapping));
  });

  router.use('/submissions', submissionRoutes(ctx));
  router.use(attachmentRoutes(ctx));
  router.use('/webhooks', webhookRoutes(ctx, 'automation'));
  router.use(uploadErrors(ctx.config.automationMaxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES));
  return router;
}
