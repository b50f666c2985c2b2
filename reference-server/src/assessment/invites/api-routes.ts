import { Router } from 'express';
import { principalOf, decodeCursor, encodeCursor, fieldProblems, sendError, sendInvalidFields } from '../../http/index.js';
import type { AppContext } from '../../context.js';
import { InvalidCursorError } from '../../store/index.js';
import { inviteListQuerySchema, inviteView } from '../../assessments/index.js';
import { inviteSettingsSchema } from '../../assessments/index.js';
import { createInvite, createInviteSchema, getInvite, getInviteSettings, InviteInputError, InviteStateError, listInvites, revokeInvite, setInviteSettings } from '../../assessments/index.js';

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
    const parsed = createInviteSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error));
      return;
    }
    try {
      const { invite, url } = await createInvite(ctx, principalOf(req).orgId, parsed.data, 'api');
      res.status(201).location(`${req.baseUrl}/assessment/invites/${invite.id}`).json({ ...inviteView(invite, ctx.clock.now()), url });
    } catch (error) {
      if (!(error instanceof InviteInputError)) throw error;
      sendInvalidFields(res, [{ field: error.field, message: error.message.slice(error.field.length + 2) }]);
    }
  });

  router.get('/assessment/invites', (req, res) => {
    const parsed = inviteListQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error, 'query'));
      return;
    }
    const { cursor, ...query } = parsed.data;
    const after = cursor !== undefined ? decodeCursor(CURSOR_LIST, cursor) : undefined;
    if (cursor !== undefined && !after) {
      sendInvalidFields(res, [{ field: 'cursor', message: 'is not a cursor of this list' }]);
      return;
    }
    try {
      const page = listInvites(ctx, principalOf(req).orgId, { ...query, ...(after ? { after } : {}) });
      const now = ctx.clock.now();
      res.json({ data: page.items.map((invite) => inviteView(invite, now)), next_cursor: page.next ? encodeCursor(CURSOR_LIST, page.next) : null });
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      sendInvalidFields(res, [{ field: 'cursor', message: 'points at an invite that no longer exists; start again without it' }]);
    }
  });

  router.get('/assessment/invites/:id', (req, res) => {
    const invite = getInvite(ctx, principalOf(req).orgId, req.params.id);
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

  const settingsView = (orgId: string) => {
    const settings = getInviteSettings(ctx, orgId);
    return { show_participant_summary: settings.showParticipantSummary, updated_at: settings.updatedAt };
  };
  router.get('/assessment/invite-settings', (req, res) => {
    res.json(settingsView(principalOf(req).orgId));
  });
  router.put('/assessment/invite-settings', async (req, res) => {
    const parsed = inviteSettingsSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      sendInvalidFields(res, fieldProblems(parsed.error));
      return;
    }
    const { orgId } = principalOf(req);
    await setInviteSettings(ctx, orgId, { showParticipantSummary: parsed.data.show_participant_summary });
    res.json(settingsView(orgId));
  });

  return router;
}
