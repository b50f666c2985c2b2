import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { finishRun, getRun, listRuns, renderReportHtml, reportOf, RunInputError, startRun, type StartedRun } from '../certification/index.js';
import { formField, formValues, seeOther } from '../pages/forms.js';
import { sendPage, type PageTools } from '../pages/surface.js';
import { member, requireAdmin } from './access.js';
import { CERTIFICATION_PATH, CertificationPage, RunPage, RunStartedPage, runPath, type CertificationForm } from './certification-pages.js';
import { ConfirmPage } from './confirm.js';
import { AlreadyShownPage } from './shown-once.js';
import { ShownOnceSlots } from './shown-once-slots.js';

/** Which form field an error from starting a run belongs to. */
function fieldOf(message: string): string {
  if (/webhook|URL is refused/i.test(message)) return 'webhookUrl';
  if (/redirect/i.test(message)) return 'redirectUris';
  if (/name/i.test(message)) return 'name';
  return 'groups';
}

/**
 * The Certification pages (admins): start a run for an integration, see its credentials once,
 * follow its checks live, download its report, finish it early. Runs are looked up inside the
 * signed-in organisation only, so another organisation's run id is simply not found.
 */
export function certificationRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools, partnerOperations: string[]): void {
  const started = new ShownOnceSlots<StartedRun>(ctx);
  const runsOf = (orgId: string) => listRuns(ctx, orgId, { limit: 50 }).items.map(reportOf);

  router.get('/certification', requireAdmin, (req, res) => {
    const me = member(res);
    sendPage(res, <CertificationPage member={me} csrfToken={csrf.token(req, res)} runs={runsOf(me.organization.id)} />);
  });

  router.post('/certification', ...acceptForm, requireAdmin, async (req, res, next) => {
    const me = member(res);
    const form: CertificationForm = {
      name: (formField(req.body, 'name') ?? '').trim(),
      webhookUrl: (formField(req.body, 'webhookUrl') ?? '').trim(),
      redirectUris: formField(req.body, 'redirectUris') ?? '',
      groups: formValues(req.body, 'groups'),
    };
    const redirectUris = form.redirectUris.split(/\s+/).filter(Boolean);
    try {
      if (form.groups.length === 0) throw new RunInputError('Choose what to check');
      const run = await startRun(
        ctx,
        me.organization.id,
        {
          ...(form.name ? { name: form.name } : {}),
          ...(form.webhookUrl ? { webhookUrl: form.webhookUrl } : {}),
          ...(redirectUris.length ? { redirectUris } : {}),
          checks: form.groups,
        },
        { startedBy: me.user.email, partnerOperations },
      );
      seeOther(res, `${CERTIFICATION_PATH}/started/${started.put(req, run)}`);
    } catch (error) {
      if (!(error instanceof RunInputError)) {
        next(error);
        return;
      }
      // The schema's and the start's messages, in the words of the form.
      const message = error.message.replace(/^✖ /, '').replace(/\n.*$/s, '').replace('the webhook checks need the URL of the integration’s receiver (--webhook-url)', 'Enter the webhook receiver URL: the webhook checks need it').replace('the OAuth checks need the redirect URI(s) of the integration (--redirect-uri)', 'Enter the OAuth redirect URIs: the OAuth checks need them');
      const field = fieldOf(message);
      sendPage(res, <CertificationPage member={me} csrfToken={csrf.token(req, res)} runs={runsOf(me.organization.id)} form={form} errors={[{ field, message: message.charAt(0).toUpperCase() + message.slice(1) }]} />, 400);
    }
  });

  router.get('/certification/started/:slot', requireAdmin, (req, res) => {
    const me = member(res);
    const shown = started.take(req, String(req.params['slot']));
    if (!shown) {
      sendPage(
        res,
        <AlreadyShownPage member={me} csrfToken={csrf.token(req, res)} section="certification" what="run's credentials" back={{ href: CERTIFICATION_PATH, text: 'Back to certification' }}>
          If they were not copied, finish that run and start another.
        </AlreadyShownPage>,
        410,
      );
      return;
    }
    sendPage(res, <RunStartedPage member={me} csrfToken={csrf.token(req, res)} started={shown} />);
  });

  const runOf = (orgId: string, runId: unknown) => (typeof runId === 'string' ? getRun(ctx, orgId, runId) : undefined);

  router.get('/certification/:runId', requireAdmin, (req, res, next) => {
    const me = member(res);
    const run = runOf(me.organization.id, req.params['runId']);
    if (!run) {
      next();
      return;
    }
    sendPage(res, <RunPage member={me} csrfToken={csrf.token(req, res)} report={reportOf(run)} finishedNow={req.query['finished'] === '1'} />);
  });

  router.get('/certification/:runId/report.html', requireAdmin, (req, res, next) => {
    const run = runOf(member(res).organization.id, req.params['runId']);
    if (!run) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-store').set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").type('html').send(renderReportHtml(reportOf(run)));
  });

  router.get('/certification/:runId/report.json', requireAdmin, (req, res, next) => {
    const run = runOf(member(res).organization.id, req.params['runId']);
    if (!run) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-store').json(reportOf(run));
  });

  // "Are you sure?": finishing ends the run's credentials, and every check still pending is not run.
  router.get('/certification/:runId/finish', requireAdmin, (req, res, next) => {
    const me = member(res);
    const run = runOf(me.organization.id, req.params['runId']);
    if (!run || run.status !== 'running') {
      next();
      return;
    }
    const pending = run.checks.filter((c) => c.outcome === 'pending').map((c) => c.id);
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
        section="certification"
        question={`Finish the run ${run.id} now?`}
        action={`${runPath(run.id)}/finish`}
        confirm="Yes, finish the run"
        back={{ href: runPath(run.id), text: 'No, let it go on' }}
        consequences={[
          'The run’s keys, OAuth client and webhook subscription stop working at once: the integration configured with them gets 401s.',
          pending.length ? `${pending.length} check(s) still waiting become “not run”: ${pending.join(', ')}.` : 'Every check is already decided.',
        ]}
      />,
    );
  });

  router.post('/certification/:runId/finish', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const run = runOf(me.organization.id, req.params['runId']);
      if (!run) {
        next();
        return;
      }
      await finishRun(ctx, me.organization.id, run.id, `${me.user.email} finished it`);
      seeOther(res, `${runPath(run.id)}?finished=1`);
    } catch (error) {
      next(error);
    }
  });
}
