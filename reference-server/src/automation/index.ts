import { Router } from 'express';
import type { z } from 'zod';
import { automationKeyGuard } from '../auth/index.js';
import { principalOf, type RateLimitWindows, sendError, jsonBody } from '../http/index.js';
import type { AppContext } from '../context.js';
import { certificationStep } from '../certification/index.js';
import { faultInjection } from '../faults/index.js';
import { type CredentialResolver, getOrganization, getUser } from '../tenancy/index.js';
import { textMatches } from '../search-words.js';
import { fieldMappingSchema, getFieldMapping, getProfile, listProfiles, profileView, setFieldMapping, type SubmissionSearch } from '../submissions/index.js';
import { webhookRoutes } from '../webhooks/index.js';
import type { Me, profilesSchema } from './automation-response-schemas.js';
import { attachmentRoutes, DEFAULT_MAX_UPLOAD_BYTES } from './attachments-routes.js';
import { bodyErrors, parseOr400, uploadErrors } from './automation-errors.js';
import { automationOpenApi } from './automation-openapi.js';
import { automationRateLimit } from './rate-limit.js';
import { profileListSchema } from './request-schemas.js';
import { submissionRoutes } from './submissions-api-routes.js';

/** JSON bodies: a transcript's text may be up to 1 MB. */
export const JSON_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Router for `/api/automation` (docs/automation.md): the public contract document, then the
 * automation key, the organisation's injected faults, the per-key rate limit and JSON parsing; errors use the REST body
 * `{error, message, ...}` with `fields: [{field, message}]` on every 400. Every route here needs
 * its path in automation-openapi.ts: a test compares the two.
 */
export function createAutomationSurface(ctx: AppContext, deps: { search: SubmissionSearch; credentials: CredentialResolver; rateLimits: RateLimitWindows }): Router {
  const router = Router();
  let openApi: string | undefined;
  // The contract is public: served before the key guard and the rate limit.
  router.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(automationOpenApi());
    res.type('application/json').send(openApi);
  });
  router.use(automationKeyGuard(deps.credentials, certificationStep(ctx), faultInjection(ctx, 'automation')));
  const limiter = automationRateLimit(ctx, deps.rateLimits);
  if (limiter) router.use(limiter);
  router.use(jsonBody({ limit: JSON_LIMIT_BYTES }));

  router.get('/me', async (req, res) => {
    const principal = principalOf(req);
    const me: Me = {
      user: (principal.userId && (await getUser(ctx, principal.userId))?.email) ?? null,
      orgName: (await getOrganization(ctx, principal.orgId))?.name ?? null,
    };
    res.json(me);
  });

  router.get('/profiles', async (req, res) => {
    const query = parseOr400(res, profileListSchema, req.query, 'query');
    if (!query) return;
    const profiles = (await listProfiles(ctx, principalOf(req).orgId)).filter((p) => textMatches([p.name, p.description, p.id], query.q));
    const body: z.infer<typeof profilesSchema> = { data: profiles.map(profileView) };
    res.json(body);
  });
  router.get('/profiles/:id', async (req, res) => {
    const profile = await getProfile(ctx, principalOf(req).orgId, req.params.id);
    if (!profile) sendError(res, 404, `No profile ${JSON.stringify(req.params.id)} in this organisation.`);
    else res.json(profileView(profile));
  });

  router.get('/field-mapping', async (req, res) => {
    res.json(await getFieldMapping(ctx, principalOf(req).orgId));
  });
  router.put('/field-mapping', async (req, res) => {
    const mapping = parseOr400(res, fieldMappingSchema, req.body, 'body');
    if (!mapping) return;
    res.json(await setFieldMapping(ctx, principalOf(req).orgId, mapping));
  });

  router.use('/submissions', submissionRoutes(ctx, deps.search));
  router.use(attachmentRoutes(ctx));
  router.use('/webhooks', webhookRoutes(ctx, 'automation'));
  router.use(uploadErrors(ctx.config.automationMaxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES));
  router.use(bodyErrors(JSON_LIMIT_BYTES));
  return router;
}
