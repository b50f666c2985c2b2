import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createInvite, createInviteSchema, getDraft, getInvite, getInviteSettings, InviteInputError, type InviteRecord, InviteStateError, inviteStatus, listInvites, revokeInvite, setInviteSettings } from '../../assessments/index.js';
import { type FieldError, formField, formValues, type PageTools, seeOther, sendPage, Time } from '../../pages/index.js';
import { BENCHMARK_TAGS } from '../../psychometrics/index.js';
import { InvalidCursorError } from '../../store/index.js';
import { type AlreadyShown, ConfirmPage, confirmed, get, member, mountRoutes, noticeFlash, type NoticeFlash, post, redirectWithNotice, shownOncePage, ShownOnceSlots, takeNotice, viewer, withFound } from '../shared/index.js';
import { emptyInviteForm, InviteCreatedPage, InvitesPage, INVITES_PATH, type InviteFormValues } from './invites-pages.js';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

const MESSAGES: Record<string, string> = {
  email: 'Enter the participant’s email address, like name@example.com',
  full_name: 'The name must be 200 characters or fewer',
  benchmark_tag_id: 'Choose a benchmark from the list',
  expires_in_days: 'Enter a number of days from 1 to 90',
};

const daysSchema = z.coerce.number().int().min(1).max(90);

interface Deps {
  ctx: AppContext;
  tools: PageTools;
  flash: NoticeFlash;
  /** A new invite's link between the create form's 303 and the one page that shows it. */
  created: ShownOnceSlots<{ inviteId: string; url: string }>;
}

/** One page of the organisation's invites; a cursor of a list that moved on (or of another organisation's) starts again from the top. */
async function invitesPage(ctx: AppContext, orgId: string, req: Request): ReturnType<typeof listInvites> {
  const after = typeof req.query['after'] === 'string' ? req.query['after'].slice(0, 200) : undefined;
  try {
    return await listInvites(ctx, orgId, { limit: PAGE_SIZE, ...(after ? { after } : {}) });
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    return { items: [] };
  }
}

/** The invites page with its form: empty or pre-filled (200), or as sent with what to fix (400). */
async function showInvites({ ctx, tools, flash }: Deps, req: Request, res: Response, values: InviteFormValues, errors: FieldError[] = []): Promise<void> {
  const orgId = member(res).organization.id;
  const [page, settings] = await Promise.all([invitesPage(ctx, orgId, req), getInviteSettings(ctx, orgId)]);
  const now = ctx.clock.now();
  sendPage(
    res,
    <InvitesPage
      {...viewer(tools, req, res)}
      invites={page.items.map((invite) => ({ ...invite, status: inviteStatus(invite, now) }))}
      tags={BENCHMARK_TAGS}
      settings={settings}
      values={values}
      errors={errors}
      {...(page.next ? { nextUrl: `${INVITES_PATH}?${new URLSearchParams({ after: page.next })}` } : {})}
      {...(errors.length ? {} : takeNotice(flash, req, res))}
    />,
    errors.length ? 400 : 200,
  );
}

/** The form as typed, and the API's create input it makes (or what to fix). */
function readInviteForm(ctx: AppContext, req: Request) {
  const field = (name: keyof InviteFormValues) => (formField(req.body, name) ?? '').trim();
  const values: InviteFormValues = { email: field('email'), full_name: field('full_name'), benchmark_tag_id: field('benchmark_tag_id'), expires_in_days: field('expires_in_days') };
  const days = daysSchema.safeParse(values.expires_in_days === '' ? '14' : values.expires_in_days);
  const parsed = createInviteSchema.safeParse({
    email: values.email,
    ...(values.full_name ? { full_name: values.full_name } : {}),
    ...(values.benchmark_tag_id ? { benchmark_tag_id: values.benchmark_tag_id } : {}),
    ...(days.success ? { expires_at: new Date(ctx.clock.now() + days.data * DAY_MS).toISOString() } : {}),
  });
  const errors: FieldError[] = [
    ...(parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))].map((f) => ({ field: f, message: MESSAGES[f] ?? 'Check this field' }))),
    ...(days.success ? [] : [{ field: 'expires_in_days', message: MESSAGES['expires_in_days'] as string }]),
  ];
  return { values, input: parsed.success && errors.length === 0 ? parsed.data : undefined, errors };
}

/** The invite of the path, in this organisation only: another organisation's invite id is not found. */
const inviteIn = (ctx: AppContext) => (req: Request, res: Response) => getInvite(ctx, member(res).organization.id, String(req.params['inviteId']));

// `?email=&full_name=` pre-fill the form: "Invite this person" on a submission links here.
const listPage = (deps: Deps): RequestHandler => async (req, res) => {
  const query = (name: string) => (typeof req.query[name] === 'string' ? req.query[name].trim().slice(0, 254) : '');
  await showInvites(deps, req, res, { ...emptyInviteForm(), email: query('email'), full_name: query('full_name') });
};

const create = (deps: Deps): RequestHandler => async (req, res) => {
  const me = member(res);
  const { values, input, errors } = readInviteForm(deps.ctx, req);
  if (!input) {
    await showInvites(deps, req, res, values, errors);
    return;
  }
  try {
    const made = await createInvite(deps.ctx, me.organization.id, input, 'workspace', { name: me.user.name, email: me.user.email });
    // Post/Redirect/Get: a reload of the page that shows the link never creates a second invite.
    seeOther(res, `${INVITES_PATH}/created/${await deps.created.put(req, { inviteId: made.invite.id, url: made.url })}`);
  } catch (error) {
    if (!(error instanceof InviteInputError)) throw error;
    await showInvites(deps, req, res, values, [{ field: error.field, message: MESSAGES[error.field] ?? error.message }]);
  }
};

const ALREADY_SHOWN_INVITE_LINK: AlreadyShown = { section: 'invites', what: 'invite link', back: { href: INVITES_PATH, text: 'Back to invites' }, children: 'If it was not copied, withdraw the invite and create another.' };

const createdPage = ({ ctx, tools, created }: Deps) =>
  shownOncePage(tools, created, ALREADY_SHOWN_INVITE_LINK, async (shown, req, res) => {
    const invite = await getInvite(ctx, member(res).organization.id, shown.inviteId);
    return invite && <InviteCreatedPage {...viewer(tools, req, res)} invite={invite} url={shown.url} />;
  });

const saveSettings = ({ ctx, flash }: Deps): RequestHandler => async (req, res) => {
  const summary = formValues(req.body, 'show_participant_summary').includes('yes');
  await setInviteSettings(ctx, member(res).organization.id, { showParticipantSummary: summary });
  const notice = summary ? 'Participants now see a summary of their dimensions when they finish.' : 'Participants no longer see a summary when they finish.';
  redirectWithNotice(res, flash, notice, INVITES_PATH);
};

/** Only an invite still waiting for its participant can be withdrawn. */
function withdrawable(ctx: AppContext, invite: InviteRecord | undefined): InviteRecord | undefined {
  const status = invite ? inviteStatus(invite, ctx.clock.now()) : undefined;
  return status === 'sent' || status === 'opened' ? invite : undefined;
}

// "Are you sure?": withdrawing deletes what the participant has answered so far.
const revokeConfirm = ({ ctx, tools }: Deps) =>
  withFound(
    async (req, res) => withdrawable(ctx, await inviteIn(ctx)(req, res)),
    async (invite, req, res) => {
      const saved = Object.values(await getDraft(ctx, invite)).filter((answer) => answer !== '').length;
      sendPage(
        res,
        <ConfirmPage
          {...viewer(tools, req, res)}
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
    },
  );

const revoke = ({ ctx, flash }: Deps) =>
  withFound(inviteIn(ctx), async (invite, _req, res) => {
    let notice = `The invite of ${invite.email} was withdrawn: its link no longer works.`;
    try {
      await revokeInvite(ctx, member(res).organization.id, invite.id);
    } catch (error) {
      if (!(error instanceof InviteStateError)) throw error;
      notice = error.message;
    }
    redirectWithNotice(res, flash, notice, INVITES_PATH);
  });

/**
 * Assessment invites (admin): the same records as `POST /api/v1/assessment/invites` and the
 * operator's `invite create`, created here with `createdVia: workspace` and the signed-in person
 * as `createdBy`; the link is shown once.
 */
export function invitesRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  const deps: Deps = { ctx, tools, flash: noticeFlash(ctx, 'pis_ws_invites'), created: new ShownOnceSlots(ctx, 'invite-link') };
  mountRoutes(router, tools, [
    get('/invites', listPage(deps)),
    post('/invites', create(deps)),
    get('/invites/created/:slot', createdPage(deps)),
    post('/invites/settings', saveSettings(deps)),
    ...confirmed('/invites/:inviteId/revoke', revokeConfirm(deps), revoke(deps)),
  ]);
}
