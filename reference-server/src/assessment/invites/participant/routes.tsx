import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { type FieldError, createFlash, seeOther, messageDocument, createPageSurface, sendPage } from '../../../pages/index.js';
import { instrumentFor, type Question } from '../../../psychometrics/index.js';
import { getResult } from '../../../assessments/index.js';
import { getOrganization } from '../../../tenancy/index.js';
import { parseSubmission } from '../../submit-input.js';
import type { SaveEffects } from '../../../assessments/index.js';
import { submitAssessment } from '../../submit.js';
import { inviteStatus, type InviteRecord } from '../../../assessments/index.js';
import { completionOps, getDraft, getInviteSettings, INVITE_PATH, inviteForToken, markOpened, saveDraft } from '../../../assessments/index.js';
import { initialAnswers, sectionAnswers, submitBody } from './answers.js';
import { DonePage, ReviewPage, SectionPage, SERVICE, WelcomePage, type Progress, type UnansweredNote } from './pages.js';
import { finishErrors } from './problems.js';
import { inviteRateLimits } from './rate-limits.js';
import type { RateLimitWindows } from '../../../http/index.js';
import { sectionsFor, STATEMENTS_PER_SECTION, type Section } from './sections.js';
import { plainSummary } from './summary.js';

const flashSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('problems'), inviteId: z.string(), missing: z.array(z.string()), invalid: z.array(z.string()) }),
  /** Left by "Save and continue" when the section it saved still has required questions unanswered. */
  z.object({ kind: z.literal('unanswered'), inviteId: z.string(), section: z.number().int(), ids: z.array(z.string()).max(STATEMENTS_PER_SECTION) }),
  z.object({ kind: z.literal('completed'), inviteId: z.string() }),
]);

const dateWords = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The participant's pages at `/invite/<token>`: welcome, the sections, check your answers, and
 * the confirmation. No account: the link's token is the participant's only credential, so it is
 * looked up by its keyed hash, rate-limited, and each page states plainly why a link no longer
 * works. Finishing goes through `submitAssessment`, the API submit's own path.
 */
export function invitePages(ctx: AppContext, effects: SaveEffects, rateLimits: RateLimitWindows): Router {
  const flash = createFlash(ctx, { cookieName: 'pis_invite_flash', cookiePath: INVITE_PATH, schema: flashSchema });

  return createPageSurface(
    ctx,
    { service: SERVICE, cookiePath: INVITE_PATH, cookiePrefix: 'pis_invite', formLimit: '32kb', parameterLimit: 40 },
    (router, { csrf, acceptForm }) => {
      router.use('/:token', ...inviteRateLimits(ctx, rateLimits));

      const base = (req: Request) => `${req.baseUrl}/${req.params.token}`;
      const message = (res: Response, status: number, title: string, text: string) =>
        res.status(status).type('html').send(messageDocument({ service: SERVICE, title, children: <p>{text}</p> }));

      /** The invite of the link if it can still be answered; otherwise answers with the page that says why. */
      function openInvite(req: Request, res: Response): InviteRecord | undefined {
        const invite = inviteForToken(ctx, String(req.params.token));
        if (!invite) {
          message(res, 404, 'This link is not recognised', 'Check that you copied the whole link from your invitation. If it still does not work, ask whoever invited you for a new link.');
          return undefined;
        }
        switch (inviteStatus(invite, ctx.clock.now())) {
          case 'completed':
            message(res, 410, 'You have already completed this assessment', `Your answers were sent on ${dateWords(invite.completedAt ?? invite.createdAt)}. This link cannot be used again. If you need to change your answers, ask whoever invited you for a new link.`);
            return undefined;
          case 'revoked':
            message(res, 410, 'This invitation has been withdrawn', 'The organisation that invited you has withdrawn this link. Any answers you had saved have been deleted. Ask them for a new link if you still need one.');
            return undefined;
          case 'expired':
            message(res, 410, 'This link has expired', `The link stopped working on ${dateWords(invite.expiresAt)}. Ask whoever invited you for a new link.`);
            return undefined;
          default:
            return invite;
        }
      }

      /** `openInvite`, and the first visit of any page marks the invite opened. */
      const visit = async (req: Request, res: Response) => {
        const invite = openInvite(req, res);
        return invite && markOpened(ctx, invite);
      };

      const orgName = (invite: InviteRecord) => getOrganization(ctx, invite.organizationId)?.name ?? 'The organisation';
      const answersOf = (invite: InviteRecord) => ({ ...initialAnswers(invite), ...getDraft(ctx, invite) });
      const requiredOf = (sections: readonly Section[]) => sections.flatMap((s) => s.questions).filter((q) => q.required && q.submitField !== 'email');
      const progressOf = (required: readonly Question[], answers: Record<string, string>): Progress => ({
        answered: required.filter((q) => (answers[q.id] ?? '').trim() !== '').length,
        required: required.length,
      });
      const unansweredIn = (section: Section, answers: Record<string, string>) =>
        section.questions.filter((q) => q.required && q.submitField !== 'email' && (answers[q.id] ?? '').trim() === '');
      /** The note a "Save and continue" left, if it is this invite's: which questions of which section are still open. */
      const unansweredNote = (req: Request, shown: z.infer<typeof flashSchema> | undefined, invite: InviteRecord, sections: readonly Section[]): UnansweredNote | undefined => {
        if (shown?.kind !== 'unanswered' || shown.inviteId !== invite.id) return undefined;
        const section = sections[shown.section - 1];
        const questions = section?.questions.filter((q) => shown.ids.includes(q.id)) ?? [];
        if (!section || questions.length === 0) return undefined;
        return { section, questions, href: `${base(req)}/section/${section.number}?check=1#${questions[0]?.id}` };
      };
      /** "Change" and the error links of Check your answers carry `return=review`: Save then goes back there (GOV.UK's check answers pattern). */
      const returnsToReview = (req: Request) => req.query.return === 'review';
      const problemsOf = (invite: InviteRecord, sections: readonly Section[], answers: Record<string, string>) => {
        const parsed = parseSubmission(submitBody(invite, sections.flatMap((s) => s.questions), answers));
        return parsed.ok ? undefined : parsed;
      };

      router.get('/:token', async (req, res) => {
        const invite = await visit(req, res);
        if (!invite) return;
        const sections = sectionsFor(invite.organizationId);
        const answers = getDraft(ctx, invite);
        const firstOpen = sections.find((s) => s.questions.some((q) => q.required && q.submitField !== 'email' && !answers[q.id]));
        sendPage(
          res,
          <WelcomePage
            orgName={orgName(invite)}
            email={invite.email}
            sections={sections.length}
            statements={sections.filter((s) => s.kind === 'statements').reduce((n, s) => n + s.questions.length, 0)}
            startHref={Object.keys(answers).length > 0 ? (firstOpen ? `${base(req)}/section/${firstOpen.number}` : `${base(req)}/review`) : `${base(req)}/section/1`}
            resuming={Object.keys(answers).length > 0}
            expiresOn={dateWords(invite.expiresAt)}
          />,
        );
      });

      const sectionNumber = (req: Request, sections: readonly Section[]) => {
        const n = Number(req.params.n);
        return Number.isInteger(n) && n >= 1 && n <= sections.length ? sections[n - 1] : undefined;
      };

      router.get('/:token/section/:n', async (req, res, next) => {
        const invite = await visit(req, res);
        if (!invite) return;
        const sections = sectionsFor(invite.organizationId);
        const section = sectionNumber(req, sections);
        if (!section) {
          next();
          return;
        }
        const answers = answersOf(invite);
        const note = unansweredNote(req, flash.take(req, res), invite, sections);
        const returning = returnsToReview(req);
        let errors: FieldError[] = [];
        if (req.query.check !== undefined) {
          const problems = problemsOf(invite, sections, answers);
          const ids = new Set(section.questions.map((q) => q.id));
          if (problems) errors = finishErrors(problems, sections, (n) => `${base(req)}/section/${n}`).filter((e) => ids.has(e.field)).map(({ href: _h, ...e }) => e);
        }
        const instrument = instrumentFor(invite.organizationId);
        const first = instrument.scaleOptions[0];
        const last = instrument.scaleOptions.at(-1);
        sendPage(
          res,
          <SectionPage
            section={section}
            sections={sections.length}
            progress={progressOf(requiredOf(sections), answers)}
            answers={answers}
            errors={errors}
            email={invite.email}
            scaleDescription={instrument.scaleDescription}
            scaleEnds={[`${first?.value} = ${first?.label}`, `${last?.value} = ${last?.label}`]}
            action={`${base(req)}/section/${section.number}${returning ? '?return=review' : ''}`}
            csrfToken={csrf.token(req, res)}
            isLast={section.number === sections.length}
            returnsToReview={returning}
            {...(note ? { unanswered: note } : {})}
          />,
        );
      });

      router.post('/:token/section/:n', ...acceptForm, async (req, res, next) => {
        const invite = await visit(req, res);
        if (!invite) return;
        const sections = sectionsFor(invite.organizationId);
        const section = sectionNumber(req, sections);
        if (!section) {
          next();
          return;
        }
        await saveDraft(ctx, invite, { ...(Object.keys(getDraft(ctx, invite)).length === 0 ? initialAnswers(invite) : {}), ...sectionAnswers(section.questions, req.body) });
        const go = (req.body as Record<string, unknown>).go;
        if (go === 'autosave') {
          res.status(204).end();
          return;
        }
        if (go === 'back') {
          seeOther(res, section.number === 1 ? base(req) : `${base(req)}/section/${section.number - 1}`);
          return;
        }
        // Moving on past empty answers is allowed (required items are checked at the end), but the
        // next page says which ones were left, so nobody finds out only at "Finish and send".
        const open = unansweredIn(section, answersOf(invite));
        if (open.length > 0) flash.set(res, { kind: 'unanswered', inviteId: invite.id, section: section.number, ids: open.map((q) => q.id) });
        seeOther(res, returnsToReview(req) || section.number === sections.length ? `${base(req)}/review` : `${base(req)}/section/${section.number + 1}`);
      });

      router.get('/:token/review', async (req, res) => {
        const invite = await visit(req, res);
        if (!invite) return;
        const sections = sectionsFor(invite.organizationId);
        const answers = answersOf(invite);
        const shown = flash.take(req, res);
        const problems = shown?.kind === 'problems' && shown.inviteId === invite.id ? shown : undefined;
        const note = unansweredNote(req, shown, invite, sections);
        const sectionUrl = (n: number) => `${base(req)}/section/${n}`;
        sendPage(
          res,
          <ReviewPage
            rows={sections.map((section) => ({
              section,
              href: `${sectionUrl(section.number)}?return=review`,
              unanswered: unansweredIn(section, answers).length,
            }))}
            errors={problems ? finishErrors(problems, sections, sectionUrl) : []}
            {...(note ? { unanswered: note } : {})}
            progress={progressOf(requiredOf(sections), answers)}
            action={`${base(req)}/finish`}
            csrfToken={csrf.token(req, res)}
          />,
        );
      });

      router.post('/:token/finish', ...acceptForm, async (req, res) => {
        const invite = openInvite(req, res);
        if (!invite) return;
        const sections = sectionsFor(invite.organizationId);
        // From here to the store write nothing awaits: the status check above, the parse and the
        // write happen in one tick, so two concurrent finishes cannot both complete the invite.
        const parsed = parseSubmission(submitBody(invite, sections.flatMap((s) => s.questions), answersOf(invite)));
        if (!parsed.ok) {
          flash.set(res, { kind: 'problems', inviteId: invite.id, missing: parsed.missing, invalid: parsed.invalid });
          seeOther(res, `${base(req)}/review`);
          return;
        }
        const at = new Date(ctx.clock.now()).toISOString();
        await submitAssessment(ctx, invite.organizationId, parsed.submission, effects, {
          source: 'invite',
          alsoOps: (saved) => completionOps(invite, saved.result.id, at),
        });
        flash.set(res, { kind: 'completed', inviteId: invite.id });
        seeOther(res, `${base(req)}/done`);
      });

      router.get('/:token/done', (req, res) => {
        const invite = inviteForToken(ctx, String(req.params.token));
        const shown = flash.take(req, res);
        if (!invite?.resultId || shown?.kind !== 'completed' || shown.inviteId !== invite.id) {
          // Only the browser that just finished sees the confirmation; anyone else gets the link's state.
          if (openInvite(req, res)) seeOther(res, base(req));
          return;
        }
        const result = getResult(ctx, invite.organizationId, invite.resultId);
        const showSummary = getInviteSettings(ctx, invite.organizationId).showParticipantSummary && result;
        sendPage(res, <DonePage orgName={orgName(invite)} email={invite.email} {...(showSummary ? { summary: plainSummary(result.scores) } : {})} />);
      });
    },
  );
}
