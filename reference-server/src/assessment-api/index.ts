import { Router } from 'express';
import { developerKeyGuard } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { certificationStep } from '../certification/index.js';
import { faultInjection } from '../faults/index.js';
import { type RateLimitWindows, jsonBody } from '../http/index.js';
import type { CredentialResolver } from '../tenancy/index.js';
import { webhookRoutes } from '../webhooks/index.js';
import { listBenchmarkTags } from './benchmark-tags.js';
import { crmSyncRoutes } from './crm-routes.js';
import { assessmentSaveEffects, checkCrmTarget } from '../assessments/index.js';
import { assessmentErrorHandler, BODY_LIMIT } from './assessment-errors.js';
import { inviteApiRoutes } from './invite-api-routes.js';
import { invitePages } from './participant/index.js';
import { assessmentOpenApi } from './assessment-openapi.js';
import { questionsHandler } from './questions-route.js';
import { getResultsHandler } from './results-route.js';
import { submitHandler } from './submit.js';

/** Bodies on /api/v1 are small: 140 answers and a few short texts. */

export interface AssessmentSurface {
  /** `/api/v1`. */
  router: Router;
  /** The participant's pages of invite links, mounted at `INVITE_PATH`; results saved there take the API submit's path. */
  invitePages: Router;
}

/**
 * Router for `/api/v1`: the developer key first, then the organisation's injected faults, this
 * surface's own JSON parser and error
 * handler, so a malformed body gets the spec's 400 body and a failure its 500 body.
 */
export function createAssessmentSurface(ctx: AppContext, deps: { credentials: CredentialResolver; rateLimits: RateLimitWindows }): AssessmentSurface {
  const effects = assessmentSaveEffects(ctx);
  const router = Router();
  let openApi: string | undefined;
  // The contract is public: served before the key guard.
  router.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(assessmentOpenApi());
    res.type('application/json').send(openApi);
  });
  router.use(developerKeyGuard(deps.credentials, certificationStep(ctx), faultInjection(ctx, 'assessment')));
  // strict: false lets a bare JSON string or number through to the "must be an object" answer.
  router.use(jsonBody({ limit: BODY_LIMIT, strict: false }));

  router.get('/assessment/questions', questionsHandler());
  router.post('/assessment/submit', submitHandler(ctx, effects));
  router.get('/assessment/results', getResultsHandler(ctx));
  router.use(inviteApiRoutes(ctx));
  router.get('/benchmark-tags', listBenchmarkTags);
  router.use(crmSyncRoutes(ctx, (url) => checkCrmTarget(ctx, url)));
  router.use('/webhooks', webhookRoutes(ctx, 'assessment'));

  router.use(assessmentErrorHandler(ctx.log));
  return { router, invitePages: invitePages(ctx, effects, deps.rateLimits) };
}

export { PARTICIPANT_SCRIPT } from './participant/index.js';
