import { Router } from 'express';
import { parsedOr400, principalOf, sendCursorPage, sendError, sendInvalidFields } from '../http/index.js';
import type { AppContext } from '../context.js';
import {
  createInvite,
  createInviteSchema,
  getInvite,
  getInviteSettings,
  InviteInputError,
  inviteListQuerySchema,
  inviteSettingsSchema,
  InviteStateError,
  inviteView,
  listInvites,
  revokeInvite,
  setInviteSettings,
} from '../assessments/index.js';

const CURSOR_LIST = 'assessment.invites';

/**
 * `/api/v1/assessment/invites` and `/api/v1/assessment/invite-settings`, behind the developer key
 * and the surface's JSON parser. 400s carry `fields: [{field, message}]`.
 *
 *   POST   /assessment/invites        {email, full_name?, benchmark_tag_id?, expires_at?} → 201 invite + url (shown once)
 *   GET    /assessment/invites        ?limit&cursor&status&email → {data, next_cursor}, newest first
 *   GET    /assessment/invites/:id    → invite
 *   DELETE /assessment/invites/:id    → the invite, revoked (409 once completed)
 *   GET|PUT /assessment/invite-settings  {show_participant_summary}
 */
export function inviteApiRoutes(ctx: AppContext): Router {
  const router = Router();
  const notFound = (res: Parameters<typeof sendError>[0], id: string) => sendError(res, 404, `No invite ${JSON.stringify(id)} in this organisation.`);

  router.post('/assessment/invites', async (req, res) => {
    const body = parsedOr400(res, createInviteSchema, req.body);
    if (!body) return;
    try {
      const { invite, url } = await createInvite(ctx, principalOf(req).orgId, body, 'api');
      res.status(201).location(`${req.baseUrl}/assessment/invites/${invite.id}`).json({ ...inviteView(invite, ctx.clock.now()), url });
    } catch (error) {
      if (!(error instanceof InviteInputError)) throw error;
      sendInvalidFields(res, [{ field: error.field, message: error.message.slice(error.field.length + 2) }]);
    }
  });

  router.get('/assessment/invites', async (req, res) => {
    const parsed = parsedOr400(res, inviteListQuerySchema, req.query, 'query');
    if (!parsed) return;
    const { cursor, ...query } = parsed;
    const now = ctx.clock.now();
    await sendCursorPage(res, {
      list: CURSOR_LIST,
      cursor,
      what: 'an invite',
      read: (after) => listInvites(ctx, principalOf(req).orgId, { ...query, ...(after ? { after } : {}) }),
      view: (invite) => inviteView(invite, now),
    });
  });

  router.get('/assessment/invites/:id', async (req, res) => {
    const invite = await getInvite(ctx, principalOf(req).orgId, req.params.id);
    if (!invite) notFound(res, req.params.id);
    else res.json(inviteView(invite, ctx.clock.now()));
  });

  router.delete('/assessment/invites/:id', async (req, res) => {
    try {
      const revoked = await revokeInvite(ctx, principalOf(req).orgId, req.params.id);
      if (!revoked) notFound(res, req.params.id);
      else res.json(inviteView(revoked, ctx.clock.now()));
    } catch (error) {
      if (!(error instanceof InviteStateError)) throw error;
      sendError(res, 409, error.message);
    }
  });

  const settingsView = async (orgId: string) => {
    const settings = await getInviteSettings(ctx, orgId);
    return { show_participant_summary: settings.showParticipantSummary, updated_at: settings.updatedAt };
  };
  router.get('/assessment/invite-settings', async (req, res) => {
    res.json(await settingsView(principalOf(req).orgId));
  });
  router.put('/assessment/invite-settings', async (req, res) => {
    const body = parsedOr400(res, inviteSettingsSchema, req.body);
    if (!body) return;
    const { orgId } = principalOf(req);
    await setInviteSettings(ctx, orgId, { showParticipantSummary: body.show_participant_summary });
    res.json(await settingsView(orgId));
  });

  return router;
}
