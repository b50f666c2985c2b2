import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type FieldError, createFlash, seeOther, type PageCsrf, sendPage, type PageTools } from '../pages/index.js';
import { archiveProfile, createProfile, getProfile, listProfiles, updateProfile, type ProfileRecord } from '../submissions/index.js';
import { member, requireAdmin } from './access.js';
import { WORKSPACE_PATH } from './names.js';
import { changeRows, emptyProfileForm, formIntent, parseProfileForm, profileFormValues, readProfileForm, switchMode, type ProfileFormValues } from './profile-form.js';
import { ConfirmPage } from './confirm.js';
import { ProfileFormPage, ProfilesPage, PROFILES_PATH } from './profiles-pages.js';

/**
 * Profiles (admin): create, edit, archive. Without them a new organisation could not receive a
 * submission; the operator's `profile create` writes the same records through the same schema.
 */
/**
 * "Add criterion", "Remove criterion n", "Show this rule's fields", "Edit as JSON" or "Edit with
 * the form": the same form back, changed, nothing saved (the rows live in the form). False when
 * the form was sent to be saved.
 */
function formChanged(csrf: PageCsrf, req: Request, res: Response, values: ProfileFormValues, profile?: ProfileRecord): boolean {
  const intent = formIntent(req.body);
  if (intent.kind === 'save') return false;
  const show = (shown: ProfileFormValues, errors: FieldError[] = []) =>
    sendPage(res, <ProfileFormPage member={member(res)} csrfToken={csrf.token(req, res)} values={shown} errors={errors} {...(profile ? { profile } : {})} />, errors.length ? 400 : 200);
  if (intent.kind === 'json' || intent.kind === 'form') {
    const switched = switchMode(values, intent.kind);
    if (switched) show(switched);
    else show(values, [{ field: 'criteria', message: 'The criteria must be a JSON list before the form can show them: fix the JSON, or leave and open the profile again' }]);
    return true;
  }
  if (values.mode === 'json') return false;
  show({ ...values, rows: changeRows(values.rows, intent) });
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

export function profilesRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_profiles', cookiePath: WORKSPACE_PATH, schema: z.object({ notice: z.string().max(300) }) });

  /** The profile of the URL in the member's own organisation: another organisation's id is not found. */
  const profileOf = (req: Request, res: Response): ProfileRecord | undefined => getProfile(ctx, member(res).organization.id, String(req.params.id));

  router.get('/profiles', requireAdmin, (req, res) => {
    const me = member(res);
    const notice = flash.take(req, res)?.notice;
    sendPage(res, <ProfilesPage member={me} csrfToken={csrf.token(req, res)} profiles={listProfiles(ctx, me.organization.id, { includeArchived: true })} {...(notice ? { notice } : {})} />);
  });

  router.get('/profiles/new', requireAdmin, (req, res) => {
    sendPage(res, <ProfileFormPage member={member(res)} csrfToken={csrf.token(req, res)} values={emptyProfileForm()} />);
  });

  router.post('/profiles', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const values = readProfileForm(req.body);
      if (formChanged(csrf, req, res, values)) return;
      const parsed = parseProfileForm(values);
      if (!parsed.ok) {
        sendPage(res, <ProfileFormPage member={me} csrfToken={csrf.token(req, res)} values={values} errors={parsed.errors} />, 400);
        return;
      }
      const profile = await createProfile(ctx, me.organization.id, parsed.input);
      flash.set(res, { notice: `Profile “${profile.name}” created with ID ${profile.id}.` });
      seeOther(res, PROFILES_PATH);
    } catch (error) {
      next(error);
    }
  });

  router.get('/profiles/:id', requireAdmin, (req, res, next) => {
    const profile = profileOf(req, res);
    if (!profile) {
      next();
      return;
    }
    sendPage(res, <ProfileFormPage member={member(res)} csrfToken={csrf.token(req, res)} values={profileFormValues(profile)} profile={profile} />);
  });

  router.post('/profiles/:id', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const profile = profileOf(req, res);
      if (!profile) {
        next();
        return;
      }
      const values = readProfileForm(req.body);
      if (formChanged(csrf, req, res, values, profile)) return;
      const parsed = parseProfileForm(values);
      if (!parsed.ok) {
        sendPage(res, <ProfileFormPage member={member(res)} csrfToken={csrf.token(req, res)} values={values} errors={parsed.errors} profile={profile} />, 400);
        return;
      }
      const saved = await updateProfile(ctx, profile, parsed.input);
      flash.set(res, { notice: `Profile “${saved.name}” saved.` });
      seeOther(res, PROFILES_PATH);
    } catch (error) {
      next(error);
    }
  });

  archiveRoutes(ctx, router, { csrf, acceptForm }, profileOf, (res, notice) => flash.set(res, { notice }));
}

/** Archive: a confirmation page first, then the form that archives. */
function archiveRoutes(
  ctx: AppContext,
  router: Router,
  { csrf, acceptForm }: Pick<PageTools, 'csrf' | 'acceptForm'>,
  profileOf: (req: Request, res: Response) => ProfileRecord | undefined,
  notify: (res: Response, notice: string) => void,
): void {
  router.get('/profiles/:id/archive', requireAdmin, (req, res, next) => {
    const profile = profileOf(req, res);
    if (!profile || profile.archived_at) {
      next();
      return;
    }
    sendArchiveConfirm(csrf, req, res, profile);
  });

  router.post('/profiles/:id/archive', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const profile = profileOf(req, res);
      if (!profile) {
        next();
        return;
      }
      await archiveProfile(ctx, profile);
      notify(res, `Profile “${profile.name}” archived.`);
      seeOther(res, PROFILES_PATH);
    } catch (error) {
      next(error);
    }
  });
}
