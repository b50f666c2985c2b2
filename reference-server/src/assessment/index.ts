import express, { Router } from 'express';
import { developerKeyGuard } from '../auth/guards.js';
import { principalOf } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { instrumentJson } from '../psychometrics/instrument.js';
import { eventOps, eventsCommitted, webhookRoutes } from '../webhooks/index.js';
import { listBenchmarkTags } from './benchmark-tags.js';
import { crmSyncRoutes } from './crm/routes.js';
import { checkCrmTarget } from './crm/transport.js';
import { assessmentErrorHandler } from './errors.js';
import { assessmentEvent } from './events.js';
import { assessmentOpenApi } from './openapi.js';
import { getResultsHandler } from './results-route.js';
import { submitHandler } from './submit.js';

/** Bodies on /api/v1 are small: 140 answers and a few short texts. */
const BODY_LIMIT = '256kb';

/**
 * Router for `/api/v1`: the developer key first, then this surface's own JSON parser and error
 * handler, so a malformed body gets the spec's 400 body and a failure its 500 body.
 */
export function createAssessmentSurface(ctx: AppContext): Router {
  const router = Router();
  let openApi: string | undefined;
  // The contract is public: served before the key guard.
  router.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(assessmentOpenApi());
    res.type('application/json').send(openApi);
  });
  router.use(developerKeyGuard(ctx));
  // strict: false lets a bare JSON string or number through to the "must be an object" answer.
  router.use(express.json({ limit: BODY_LIMIT, strict: false }));

  router.get('/assessment/questions', (req, res) => {
    res.type('application/json').send(instrumentJson(principalOf(req).orgId));
  });
  router.post(
    '/assessment/submit',
    submitHandler(ctx, {
      // The event is stored with the result it announces (the outbox), so it exists iff the result does.
      opsFor: (saved) => {
        const event = assessmentEvent(saved);
        return eventOps(ctx, saved.result.organizationId, event.type, event.data);
      },
      // Wakes the job runner for the webhook deliveries and the CRM sync job in the write.
      afterSave: (_saved, ops) => eventsCommitted(ctx, ops),
    }),
  );
  router.get('/assessment/results', getResultsHandler(ctx));
  router.get('/benchmark-tags', listBenchmarkTags);
  router.use(crmSyncRoutes(ctx, (url) => checkCrmTarget(ctx, url)));
  router.use('/webhooks', webhookRoutes(ctx, 'assessment'));

  router.use(assessmentErrorHandler(ctx.log));
  return router;
}
