import { Router } from 'express';
import { developerKeyGuard } from '../auth/guards.js';
import type { AppContext } from '../context.js';

/** Router for `/api/v1`. */
export function createAssessmentSurface(ctx: AppContext): Router {
  const router = Router();
  router.use(developerKeyGuard(ctx));
  return router;
}
