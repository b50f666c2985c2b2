import { Router } from 'express';
import { z } from 'zod';
import { principalOf, sendError } from '../http/index.js';
import type { AppContext } from '../context.js';
import { crmConfigSchema, deleteCrmConfig, getCrmConfig, publicCrmConfig, putCrmConfig } from '../assessments/index.js';

/**
 * `/api/v1/crm-sync` with the developer key: PUT sets (replaces) the organisation's CRM target,
 * GET shows it without its credential, DELETE removes it. Results saved while no target is set
 * show `crmSync.status: "not_configured"`.
 */
export function crmSyncRoutes(ctx: AppContext, checkTarget: (url: string) => Promise<string | undefined>): Router {
  const router = Router();
  router.put('/crm-sync', async (req, res) => {
    const parsed = crmConfigSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendError(res, 400, `The CRM sync configuration is invalid: ${z.prettifyError(parsed.error)}`);
      return;
    }
    const refusal = await checkTarget(parsed.data.url);
    if (refusal) {
      sendError(res, 400, `The CRM url is not allowed: ${refusal}`);
      return;
    }
    const { orgId, credentialId } = principalOf(req);
    const config = await putCrmConfig(ctx, orgId, parsed.data, credentialId);
    res.json({ success: true, crmSync: publicCrmConfig(config) });
  });
  router.get('/crm-sync', async (req, res) => {
    const config = await getCrmConfig(ctx, principalOf(req).orgId);
    res.json({ success: true, crmSync: config ? publicCrmConfig(config) : null });
  });
  router.delete('/crm-sync', async (req, res) => {
    if (!(await deleteCrmConfig(ctx, principalOf(req).orgId))) {
      sendError(res, 404, 'No CRM sync is configured for this organisation.');
      return;
    }
    res.status(204).end();
  });
  return router;
}
