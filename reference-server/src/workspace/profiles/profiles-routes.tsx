import type { Request, RequestHandler, Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import { type FieldError, type PageCsrf, type PageTools, sendPage } from '../../pages/index.js';
import { archiveProfile, createProfile, getProfile, listProfiles, type ProfileInput, type ProfileRecord, updateProfile } from '../../submissions/index.js';
import { ConfirmPage, confirmed, get, member, mountRoutes, noticeFlash, type NoticeFlash, post, redirectWithNotice, takeNotice, viewer, withFound } from '../shared/index.js';
import { changeRows, emptyProfileForm, formIntent, parseProfileForm, placeAfter, profileFormValues, readProfileForm, switchMode, type ProfileFormValues } from './profile-form.js';
import { ProfileFormPage, ProfilesPage, PROFILES_PATH } from './profiles-pages.js';
import { ScoringGuidePage } from './profile-scoring-guide.js';

/**
 * "Add criterion", "Remove criterion n", "Show this rule's fields", "Edit as JSON" or "Edit with
 * the form": the same form back, changed, nothing saved (the rows live in the form). False when
 * the form was sent to be saved.
 */
function formChanged(csrf: PageCsrf, req: Request, res: Response, values: ProfileFormValues, profile?: ProfileRecord): boolean {
  const intent = formIntent(req.body);
  if (intent.kind === 'save') return false;
  const show = (shown: ProfileFormValues, errors: FieldError[] = [], focus?: ReturnType<typeof placeAfter>) =>
    sendPage(res, <ProfileFormPage member={member(res)} csrfToken={csrf.token(req, res)} values={shown} errors={errors} focus={focus} {...(profile ? { profile } : {})} />, errors.length ? 400 : 200);
  if (intent.kind === 'json' || intent.kind === 'form') {
    const switched = switchMode(values, intent.kind);
    if (switched) show(switched);
    else show(values, [{ field: 'criteria', message: 'The criteria must be a JSON list before the form can show them: fix the JSON, or leave and open the profile again' }]);
    return true;
  }
  if (values.mode === 'json') return false;
  const rows = changeRows(values.rows, intent);
  show({ ...values, rows }, [], placeAfter(intent, rows));
  return true;
}

// "Are you sure?": an archived profile refuses new submissions at once, and there is no way back.
function sendArchiveConfirm(csrf: PageCsrf, req: Request, res: Response, profile: ProfileRecord): void {
  const path = `${PROFILES_PATH}/${encodeURIComponent(profile.id)}`;
  sendPage(
    res,
    <ConfirmPage
      member={member(res)}
      csrfToken={csrf.token(req, res)}
      section="profiles"
      question={`Archive the profile “${profile.name}”?`}
      action={`${path}/archive`}
      confirm="Yes, archive the profile"
      back={{ href: path, text: 'No, keep the profile' }}
      consequences={[
        <>
          Every Zap, n8n workflow or script that creates submissions with <code>{profile.id}</code> is refused (400) from its next create.
        </>,
        'The profile leaves the profile lists, the API’s and the connectors’ dropdowns. It cannot be made active again: a new profile gets a new id.',
        'Submissions already made into it keep it, with their scores.',
      ]}
    />,
  );
}

interface Deps {
  ctx: AppContext;
  tools: PageTools;
  flash: NoticeFlash;
}

/** The profile of the URL in the member's own organisation: another organisation's id is not found. */
const profileIn = (ctx: AppContext) => (req: Request, res: Response): Promise<ProfileRecord | undefined> => getProfile(ctx, member(res).organization.id, String(req.params['id']));

const listPage = ({ ctx, tools, flash }: Deps): RequestHandler => async (req, res) => {
  sendPage(res, <ProfilesPage {...viewer(tools, req, res)} profiles={await listProfiles(ctx, member(res).organization.id, { includeArchived: true })} {...takeNotice(flash, req, res)} />);
};

const newPage = ({ tools }: Deps): RequestHandler => (req, res) => sendPage(res, <ProfileFormPage {...viewer(tools, req, res)} values={emptyProfileForm()} />);

const editPage = ({ ctx, tools }: Deps) => withFound(profileIn(ctx), (profile, req, res) => sendPage(res, <ProfileFormPage {...viewer(tools, req, res)} values={profileFormValues(profile)} profile={profile} />));

/**
 * The profile form sent: changed and shown again (a row added, JSON mode…), refused with what to
 * fix, or saved with `save` and back to the list with its notice.
 */
async function submitProfileForm({ tools, flash }: Deps, req: Request, res: Response, save: (input: ProfileInput) => Promise<string>, profile?: ProfileRecord): Promise<void> {
  const values = readProfileForm(req.body);
  if (formChanged(tools.csrf, req, res, values, profile)) return;
  const parsed = parseProfileForm(values);
  if (!parsed.ok) {
    sendPage(res, <ProfileFormPage {...viewer(tools, req, res)} values={values} errors={parsed.errors} {...(profile ? { profile } : {})} />, 400);
    return;
  }
  redirectWithNotice(res, flash, await save(parsed.input), PROFILES_PATH);
}

const create = (deps: Deps): RequestHandler => (req, res) =>
  submitProfileForm(deps, req, res, async (input) => {
    const profile = await createProfile(deps.ctx, member(res).organization.id, input);
    return `Profile “${profile.name}” created with ID ${profile.id}.`;
  });

const update = (deps: Deps) =>
  withFound(profileIn(deps.ctx), (profile, req, res) =>
    submitProfileForm(deps, req, res, async (input) => `Profile “${(await updateProfile(deps.ctx, profile, input)).name}” saved.`, profile),
  );

/** Archive: a confirmation page first (only of a profile still active), then the form that archives. */
const archiveConfirm = ({ ctx, tools }: Deps) =>
  withFound(
    async (req, res) => {
      const profile = await profileIn(ctx)(req, res);
      return profile?.archived_at ? undefined : profile;
    },
    (profile, req, res) => sendArchiveConfirm(tools.csrf, req, res, profile),
  );

const archive = ({ ctx, flash }: Deps) =>
  withFound(profileIn(ctx), async (profile, _req, res) => {
    await archiveProfile(ctx, profile);
    redirectWithNotice(res, flash, `Profile “${profile.name}” archived.`, PROFILES_PATH);
  });

/**
 * Profiles (admin): create, edit, archive. Without them a new organisation could not receive a
 * submission; the operator's `profile create` writes the same records through the same schema.
 */
export function profilesRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  const deps: Deps = { ctx, tools, flash: noticeFlash(ctx, 'pis_ws_profiles') };
  mountRoutes(router, tools, [
    get('/profiles', listPage(deps)),
    get('/profiles/new', newPage(deps)),
    get('/profiles/scoring', (req, res) => sendPage(res, <ScoringGuidePage {...viewer(tools, req, res)} />)),
    post('/profiles', create(deps)),
    get('/profiles/:id', editPage(deps)),
    post('/profiles/:id', update(deps)),
    ...confirmed('/profiles/:id/archive', archiveConfirm(deps), archive(deps)),
  ]);
}
