import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createFlash, createPageSurface, seeOther, sendPage, type FieldError, type Flash, type PageTools } from '../../pages/index.js';
import { instrumentFor } from '../../psychometrics/index.js';
import { completionOps, getDraft, getInviteSettings, getResult, INVITE_PATH, inviteForToken, InviteStateError, saveDraft, type InviteRecord, type SaveEffects } from '../../assessments/index.js';
import { getOrganization } from '../../tenancy/index.js';
import type { RateLimitWindows } from '../../http/index.js';
import { submitAssessment } from '../submit.js';
import { initialAnswers, sectionAnswers } from './answer-form.js';
import { dateWords, linkBase, openInvite, visitInvite } from './link-state.js';
import { DonePage, ReviewPage, SectionPage, SERVICE, WelcomePage, type UnansweredNote } from './participant-pages.js';
import { finishErrors, finishSummary } from './problems.js';
import { answersOf, firstOpenSection, parseAnswers, progressOf, unansweredIn } from './progress.js';
import { inviteRateLimits } from './participant-rate-limits.js';
import { sectionsFor, STATEMENTS_PER_SECTION, type Section } from './sections.js';
import { plainSummary } from './participant-summary.js';

const flashSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('problems'), inviteId: z.string(), missing: z.array(z.string()), invalid: z.array(z.string()) }),
  /** Left by "Save and continue" when the section it saved still has required questions unanswered. */
  z.object({ kind: z.literal('unanswered'), inviteId: z.string(), section: z.number().int(), ids: z.array(z.string()).max(STATEMENTS_PER_SECTION) }),
  z.object({ kind: z.literal('completed'), inviteId: z.string() }),
]);
type Shown = z.infer<typeof flashSchema>;

interface Deps {
  ctx: AppContext;
  effects: SaveEffects;
  flash: Flash<Shown>;
  tools: PageTools;
}

const orgName = async (ctx: AppContext, invite: InviteRecord) => (await getOrganization(ctx, invite.organizationId))?.name ?? 'The organisation';
const sectionUrl = (req: Request) => (n: number) => `${linkBase(req)}/section/${n}`;
/** "Change" and the error links of Check your answers carry `return=review`: Save then goes back there (GOV.UK's check answers pattern). */
const returnsToReview = (req: Request) => req.query.return === 'review';

/** The note a "Save and continue" left, if it is this invite's: which questions of which section are still open. */
function unansweredNote(req: Request, shown: Shown | undefined, invite: InviteRecord, sections: readonly Section[]): UnansweredNote | undefined {
  if (shown?.kind !== 'unanswered' || shown.inviteId !== invite.id) return undefined;
  const section = sections[shown.section - 1];
  const questions = section?.questions.filter((q) => shown.ids.includes(q.id)) ?? [];
  if (!section || questions.length === 0) return undefined;
  return { section, questions, href: `${sectionUrl(req)(section.number)}?check=1#${questions[0]?.id}` };
}

/** A handler of one section of an invite that can still be answered: 404 (next) for a section number the invite has not. */
const withSection =
  ({ ctx }: Deps, handle: (at: { invite: InviteRecord; sections: Section[]; section: Section }, req: Request, res: Response) => void | Promise<void>): RequestHandler =>
  async (req, res, next) => {
    const invite = await visitInvite(ctx, req, res);
    if (!invite) return;
    const sections = sectionsFor(invite.organizationId);
    const n = Number(req.params.n);
    const section = Number.isInteger(n) && n >= 1 && n <= sections.length ? sections[n - 1] : undefined;
    if (section) await handle({ invite, sections, section }, req, res);
    else next();
  };

const welcome = ({ ctx }: Deps): RequestHandler => async (req, res) => {
  const invite = await visitInvite(ctx, req, res);
  if (!invite) return;
  const sections = sectionsFor(invite.organizationId);
  const answers = await getDraft(ctx, invite);
  const resuming = Object.keys(answers).length > 0;
  const firstOpen = firstOpenSection(sections, answers);
  const startHref = !resuming ? sectionUrl(req)(1) : firstOpen ? sectionUrl(req)(firstOpen.number) : `${linkBase(req)}/review`;
  const statements = sections.filter((s) => s.kind === 'statements').reduce((n, s) => n + s.questions.length, 0);
  sendPage(res, <WelcomePage orgName={await orgName(ctx, invite)} email={invite.email} sections={sections.length} statements={statements} startHref={startHref} resuming={resuming} expiresOn={dateWords(invite.expiresAt)} />);
};

/** With `?check`, the section's own questions that "Finish and send" would refuse, each linked to its field. */
function sectionErrors(req: Request, invite: InviteRecord, sections: readonly Section[], section: Section, answers: Record<string, string>): FieldError[] {
  if (req.query.check === undefined) return [];
  const parsed = parseAnswers(invite, sections, answers);
  if (parsed.ok) return [];
  const ids = new Set(section.questions.map((q) => q.id));
  return finishErrors(parsed, sections, sectionUrl(req))
    .filter((e) => ids.has(e.field))
    .map(({ field, message }) => ({ field, message }));
}

const sectionPage = (deps: Deps) =>
  withSection(deps, async ({ invite, sections, section }, req, res) => {
    const answers = await answersOf(deps.ctx, invite);
    const note = unansweredNote(req, deps.flash.take(req, res), invite, sections);
    const returning = returnsToReview(req);
    const instrument = instrumentFor(invite.organizationId);
    const [first, last] = [instrument.scaleOptions[0], instrument.scaleOptions.at(-1)];
    sendPage(
      res,
      <SectionPage
        section={section}
        sections={sections.length}
        progress={progressOf(sections, answers)}
        answers={answers}
        errors={sectionErrors(req, invite, sections, section, answers)}
        email={invite.email}
        scaleDescription={instrument.scaleDescription}
        scaleEnds={[`${first?.value} = ${first?.label}`, `${last?.value} = ${last?.label}`]}
        action={`${sectionUrl(req)(section.number)}${returning ? '?return=review' : ''}`}
        csrfToken={deps.tools.csrf.token(req, res)}
        isLast={section.number === sections.length}
        returnsToReview={returning}
        {...(note ? { unanswered: note } : {})}
      />,
    );
  });

const saveSection = (deps: Deps) =>
  withSection(deps, async ({ invite, sections, section }, req, res) => {
    const { ctx, flash } = deps;
    await saveDraft(ctx, invite, (draft) => ({ ...(Object.keys(draft).length === 0 ? initialAnswers(invite) : {}), ...sectionAnswers(section.questions, req.body) }));
    const go = (req.body as Record<string, unknown>).go;
    if (go === 'autosave') {
      res.status(204).end();
      return;
    }
    if (go === 'back') {
      seeOther(res, section.number === 1 ? linkBase(req) : sectionUrl(req)(section.number - 1));
      return;
    }
    // Moving on past empty answers is allowed (required items are checked at the end), but the
    // next page says which ones were left, so nobody finds out only at "Finish and send".
    const open = unansweredIn(section, (await answersOf(ctx, invite)));
    if (open.length > 0) flash.set(res, { kind: 'unanswered', inviteId: invite.id, section: section.number, ids: open.map((q) => q.id) });
    seeOther(res, returnsToReview(req) || section.number === sections.length ? `${linkBase(req)}/review` : sectionUrl(req)(section.number + 1));
  });

const review = ({ ctx, flash, tools }: Deps): RequestHandler => async (req, res) => {
  const invite = await visitInvite(ctx, req, res);
  if (!invite) return;
  const sections = sectionsFor(invite.organizationId);
  const answers = (await answersOf(ctx, invite));
  const shown = flash.take(req, res);
  const problems = shown?.kind === 'problems' && shown.inviteId === invite.id ? shown : undefined;
  const note = unansweredNote(req, shown, invite, sections);
  const rows = sections.map((section) => ({ section, href: `${sectionUrl(req)(section.number)}?return=review`, unanswered: unansweredIn(section, answers).length }));
  sendPage(
    res,
    <ReviewPage
      rows={rows}
      {...(problems ? { problems: finishSummary(finishErrors(problems, sections, sectionUrl(req))) } : {})}
      {...(note ? { unanswered: note } : {})}
      progress={progressOf(sections, answers)}
      action={`${linkBase(req)}/finish`}
      csrfToken={tools.csrf.token(req, res)}
    />,
  );
};

const finish = ({ ctx, effects, flash }: Deps): RequestHandler => async (req, res) => {
  const invite = await openInvite(ctx, req, res);
  if (!invite) return;
  // The result's transaction reads the invite again for update (completionOps): of two concurrent
  // finishes one completes it, and the other is refused and shows the link's state, as a later visit would.
  const parsed = parseAnswers(invite, sectionsFor(invite.organizationId), (await answersOf(ctx, invite)));
  if (!parsed.ok) {
    flash.set(res, { kind: 'problems', inviteId: invite.id, missing: parsed.missing, invalid: parsed.invalid });
    seeOther(res, `${linkBase(req)}/review`);
    return;
  }
  const at = new Date(ctx.clock.now()).toISOString();
  try {
    await submitAssessment(ctx, invite.organizationId, parsed.submission, effects, { source: 'invite', alsoOps: async (tx) => (saved) => completionOps(tx, invite, saved.result.id, at) });
  } catch (error) {
    if (!(error instanceof InviteStateError)) throw error;
    if (await openInvite(ctx, req, res)) seeOther(res, linkBase(req));
    return;
  }
  flash.set(res, { kind: 'completed', inviteId: invite.id });
  seeOther(res, `${linkBase(req)}/done`);
};

const done = ({ ctx, flash }: Deps): RequestHandler => async (req, res) => {
  const invite = await inviteForToken(ctx, String(req.params.token));
  const shown = flash.take(req, res);
  if (!invite?.resultId || shown?.kind !== 'completed' || shown.inviteId !== invite.id) {
    // Only the browser that just finished sees the confirmation; anyone else gets the link's state.
    if (await openInvite(ctx, req, res)) seeOther(res, linkBase(req));
    return;
  }
  const [result, settings] = await Promise.all([getResult(ctx, invite.organizationId, invite.resultId), getInviteSettings(ctx, invite.organizationId)]);
  const showSummary = settings.showParticipantSummary && result;
  sendPage(res, <DonePage orgName={await orgName(ctx, invite)} email={invite.email} {...(showSummary ? { summary: plainSummary(result.scores) } : {})} />);
};

/**
 * The participant's pages at `/invite/<token>`: welcome, the sections, check your answers, and
 * the confirmation. No account: the link's token is the participant's only credential, so it is
 * looked up by its keyed hash, rate-limited, and each page states plainly why a link no longer
 * works. Finishing goes through `submitAssessment`, the API submit's own path.
 */
export function invitePages(ctx: AppContext, effects: SaveEffects, rateLimits: RateLimitWindows): Router {
  const flash = createFlash(ctx, { cookieName: 'pis_invite_flash', cookiePath: INVITE_PATH, schema: flashSchema });
  const surface = { service: SERVICE, cookiePath: INVITE_PATH, cookiePrefix: 'pis_invite', formLimit: '32kb', parameterLimit: 40 };
  return createPageSurface(ctx, surface, (router, tools) => {
    const deps: Deps = { ctx, effects, flash, tools };
    router.use('/:token', ...inviteRateLimits(ctx, rateLimits));
    router.get('/:token', welcome(deps));
    router.get('/:token/section/:n', sectionPage(deps));
    router.post('/:token/section/:n', ...tools.acceptForm, saveSection(deps));
    router.get('/:token/review', review(deps));
    router.post('/:token/finish', ...tools.acceptForm, finish(deps));
    router.get('/:token/done', done(deps));
  });
}
