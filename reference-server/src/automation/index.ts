import { Router } from 'express';
import { automationKeyGuard } from '../auth/guards.js';
import { principalOf } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { getOrganization } from '../tenancy/organizations.js';
import { getUser } from '../tenancy/users.js';

/** Router for `/api/automation`. */
export function createAutomationSurface(ctx: AppContext): Router {
  const router = Router();
  router.use(automationKeyGuard(ctx));
  router.get('/me', (req, res) => {
    const principal = principalOf(req);
    res.json({
      user: (principal.userId && getUser(ctx, principal.userId)?.email) ?? null,
      orgName: getOrganization(ctx, principal.orgId)?.name ?? null,
    });
  });
  return router;
}
