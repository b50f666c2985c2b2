import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { createInvite, createInviteSchema, getDraft, getInvite, getInviteSettings, InviteInputError, InviteStateError, listInvites, revokeInvite, setInviteSettings } from '../assessments/index.js';
import { inviteStatus } from '../assessments/index.js';
import { createFlash, formField, formValues, seeOther, sendPage, type PageTools, Time } from '../pages/index.js';
import { BENCHMARK_TAGS } from '../psychometrics/index.js';
import { InvalidCursorError } from '../store/index.js';
import { member, requireAdmin, type Member } from './access.js';
import { emptyInviteForm, InviteCreatedPage, InvitesPage, INVITES_PATH, type InviteFormValues } from './invites-pages.js';
import { WORKSPACE_PATH } from './names.js';
import { AlreadyShownPage } from './shown-once.js';
import { ConfirmPage } from './confirm.js';
import { ShownOnceSlots } from './shown-once-slots.js';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

const MESSAGES: Record<string, string> = {
  email: 'Enter the participant’s email address, like name@example.com',
  full_name: 'The name must be 200 characters or fewer',
  benchmark_tag_id: 'Choose a benchmark from the list',
  expires_in_days: 'Enter a number of days from 1 to 90',
};

const daysSchema = z.coerce.number().int().min(1).max(90);

/**
 * Assessment invites (admin): the same records as `POST /api/v1/assessment/invites` and the
 * operator's `invite create`, created here with `createdVia: workspace` and the signed-in person
 * as `createdBy`; the link is shown once.
 */
export function invitesRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_invites', cookiePath: WORKSPACE_PATH, schema: z.object({ notice: z.string().max(300) }) });

  // A new invite's link between the create form's 303 and the one page that shows it.
  const created = new ShownOnceSlots<{ inviteId: string; url: string }>(ctx);

  const show = (req: Request, res: Response, me: Member, values: InviteFormValues, errors: { field: string; message: string }[] = []) => {
    const orgId = me.organization.id;
    const after = typeof req.query['after'] === 'string' ? req.query['after'].slice(0, 200) : undefined;
    const now = ctx.clock.now();
    let page: ReturnType<typeof listInvites>;
    try {
      page = listInvites(ctx, orgId, { limit: PAGE_SIZE, ...(after ? { after } : {}) });
    } catch (error) {
      // A cursor of a list that moved on (or of another organisation's): start again from the top.
      if (!(error instanceof InvalidCursorError)) throw error;
      page = { items: [] };
    }
    const notice = errors.length ? undefined : flash.take(req, res)?.notice;
    sendPage(
      res,
      <InvitesPage
        member={me}
        csrfToken={csrf.token(req, res)}
        invites={page.items.map((invite) => ({ ...invite, status: inviteStatus(invite, now) }))}
        tags={BENCHMARK_TAGS}
        settings={getInviteSettings(ctx, orgId)}
        values={values}
        errors={errors}
        {...(page.next ? { nextUrl: `${INVITES_PATH}?${new URLSearchParams({ after: page.next })}` } : {})}
        {...(notice ? { notice } : {})}
      />,
      errors.length ? 400 : 200,
    );
  };

  // `?email=&full_name=` pre-fill the form: "Invite this person" on a submission links here.
  router.get('/invites', requireAdmin, (req, res) => {
    const query = (name: string) => (typeof req.query[name] === 'string' ? req.query[name].trim().slice(0, 254) : '');
    show(req, res, member(res), { ...emptyInviteForm(), email: query('email'), full_name: query('full_name') });
  });

  router.post('/invites', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const field = (name: keyof InviteFormValues) => (formField(req.body, name) ?? '').trim();
      const values: InviteFormValues = { email: field('email'), full_name: field('full_name'), benchmark_tag_id: field('benchmark_tag_id'), expires_in_days: field('expires_in_days') };
      const days = daysSchema.safeParse(values.expires_in_days === '' ? '14' : values.expires_in_days);
      const parsed = createInviteSchema.safeParse({
        email: values.email,
        ...(values.full_name ? { full_name: values.full_name } : {}),
        ...(values.benchmark_tag_id ? { benchmark_tag_id: values.benchmark_tag_id } : {}),
        ...(days.success ? { expires_at: new Date(ctx.clock.now() + days.data * DAY_MS).toISOString() } : {}),
      });
      const errors = [
        ...(parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))].map((f) => ({ field: f, message: MESSAGES[f] ?? 'Check this field' }))),
        ...(days.success ? [] : [{ field: 'expires_in_days', message: MESSAGES['expires_in_days'] as string }]),
      ];
      if (!parsed.success || errors.length > 0) {
        show(req, res, me, values, errors);
        return;
      }
      try {
        const made = await createInvite(ctx, me.organization.id, parsed.data, 'workspace', { name: me.user.name, email: me.user.email });
        // Post/Redirect/Get: a reload of the page that shows the link never creates a second invite.
        seeOther(res, `${INVITES_PATH}/created/${created.put(req, { inviteId: made.invite.id, url: made.url })}`);
      } catch (error) {
        if (!(error instanceof InviteInputError)) throw error;
        show(req, res, me, values, [{ field: error.field, message: MESSAGES[error.field] ?? error.message }]);
      }
    } catch (error) {
      next(error);
    }
  });

  router.get('/invites/created/:slot', requireAdmin, (req, res) => {
    const me = member(res);
    const shown = created.take(req, String(req.params['slot']));
    const invite = shown ? getInvite(ctx, me.organization.id, shown.inviteId) : undefined;
    if (!shown || !invite) {
      sendPage(
        res,
        <AlreadyShownPage member={me} csrfToken={csrf.token(req, res)} section="invites" what="invite link" back={{ href: INVITES_PATH, text: 'Back to invites' }}>
          If it was not copied, withdraw the invite and create another.
        </AlreadyShownPage>,
        410,
      );
      return;
    }
    sendPage(res, <InviteCreatedPage member={me} csrfToken={csrf.token(req, res)} invite={invite} url={shown.url} />);
  });

  router.post('/invites/settings', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const summary = formValues(req.body, 'show_participant_summary').includes('yes');
      await setInviteSettings(ctx, member(res).organization.id, { showParticipantSummary: summary });
      flash.set(res, { notice: summary ? 'Participants now see a summary of their dimensions when they finish.' : 'Participants no longer see a summary when they finish.' });
      seeOther(res, INVITES_PATH);
    } catch (error) {
      next(error);
    }
  });

  // "Are you sure?": withdrawing deletes what the participant has answered so far.
  router.get('/invites/:inviteId/revoke', requireAdmin, (req, res, next) => {
    const me = member(res);
    const invite = getInvite(ctx, me.organization.id, String(req.params['inviteId']));
    const status = invite ? inviteStatus(invite, ctx.clock.now()) : undefined;
    if (!invite || (status !== 'sent' && status !== 'opened')) {
      next();
      return;
    }
    const saved = Object.values(getDraft(ctx, invite)).filter((answer) => answer !== '').length;
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
        section="invites"
        question={`Withdraw the invite of ${invite.email}?`}
        action={`${INVITES_PATH}/${encodeURIComponent(invite.id)}/revoke`}
        confirm="Yes, withdraw the invite"
        back={{ href: INVITES_PATH, text: 'No, keep the invite' }}
        consequences={[
          'The link stops working: the participant sees that the invite was withdrawn.',
          invite.openedAt ? (
            <>
              They opened it on <Time at={invite.openedAt} />; the {saved} answer(s) they have saved so far are deleted.
            </>
          ) : (
            'They have not opened it yet, so no answers are lost.'
          ),
          'To invite them again, create a new invite: it has a new link.',
        ]}
      />,
    );
  });

  router.post('/invites/:inviteId/revoke', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      // Looked up in this organisation only: another organisation's invite id is not found.
      const invite = getInvite(ctx, me.organization.id, String(req.params['inviteId']));
      if (!invite) {
        next();
        return;
      }
      try {
        await revokeInvite(ctx, me.organization.id, invite.id);
        flash.set(res, { notice: `The invite of ${invite.email} was withdrawn: its link no longer works.` });
      } catch (error) {
        if (!(error instanceof InviteStateError)) throw error;
        flash.set(res, { notice: error.message });
      }
      seeOther(res, INVITES_PATH);
    } catch (error) {
      next(error);
    }
  });
}
