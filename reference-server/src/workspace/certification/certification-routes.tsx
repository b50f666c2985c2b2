import type { Request, RequestHandler, Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import { beginRun, finishRun, getRun, listRuns, notCountedOf, renderReportHtml, reportOf, RunInputError, RunLimitError, type RunRecord, type StartedRun, startRun, type StartRunInput } from '../../certification/index.js';
import { formField, formValues, type PageTools, seeOther, sendPage } from '../../pages/index.js';
import { type AlreadyShown, ConfirmPage, confirmed, get, member, mountRoutes, post, shownOncePage, ShownOnceSlots, viewer, withFound } from '../shared/index.js';
import { GuidePage } from './certification-guide-page.js';
import { CERTIFICATION_PATH, runPath } from './certification-paths.js';
import { CertificationPage, type CertificationForm, RunStartedPage } from './certification-pages.js';
import { RunPage } from './certification-run-page.js';

interface Deps {
  ctx: AppContext;
  tools: PageTools;
  partnerOperations: string[];
  /** A started run's credentials between the form's 303 and the one page that shows them. */
  started: ShownOnceSlots<StartedRun>;
}

/** The start's messages in the words of the form, and the field each belongs to. */
const FORM_WORDS: [RegExp, string, string][] = [
  [/webhook checks need/, 'Enter the webhook receiver URL: the webhook checks need it', 'webhookUrl'],
  [/OAuth checks need/, 'Enter the OAuth redirect URIs: the OAuth checks need them', 'redirectUris'],
  [/URL is refused|webhookUrl/i, '', 'webhookUrl'],
  [/redirect/i, '', 'redirectUris'],
  [/name/i, '', 'name'],
];

function formError(message: string): { field: string; message: string } {
  const first = message.replace(/^✖ /, '').replace(/\n.*$/s, '');
  const [, words, field] = FORM_WORDS.find(([pattern]) => pattern.test(first)) ?? [undefined, '', 'groups'];
  const text = words || first;
  return { field, message: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** A refused start in the form's words: which runs to finish (each run's page has its Finish button), linked to the runs list. */
const limitError = (error: RunLimitError) => ({
  field: 'runs',
  href: '#runs-heading',
  message:
    error.scope === 'server'
      ? `The sandbox already has ${error.limit} certification runs in progress across all organisations, the most it allows. Start again once some have finished.`
      : `Your organisation already has ${error.running.length} runs in progress, the most allowed (${error.limit}). Finish one of them first: ${error.running.map((run) => `${run.integration.name} (${run.id})`).join(', ')}.`,
});

const runsOf = async (ctx: AppContext, orgId: string) => (await listRuns(ctx, orgId, { limit: 50 })).items.map(reportOf);

/** The signed-in organisation's run named in the path, or undefined (another organisation's run is not found). */
const runIn = (ctx: AppContext) => async (req: Request, res: Response): Promise<RunRecord | undefined> => {
  const runId = req.params['runId'];
  return typeof runId === 'string' ? getRun(ctx, member(res).organization.id, runId) : undefined;
};

const listPage = ({ ctx, tools }: Deps): RequestHandler => async (req, res) => {
  const me = member(res);
  sendPage(res, <CertificationPage {...viewer(tools, req, res)} runs={await runsOf(ctx, me.organization.id)} />);
};

const start = ({ ctx, tools, partnerOperations, started }: Deps): RequestHandler => async (req, res, next) => {
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
    const input = { ...(form.name ? { name: form.name } : {}), ...(form.webhookUrl ? { webhookUrl: form.webhookUrl } : {}), ...(redirectUris.length ? { redirectUris } : {}), checks: form.groups, waitForBegin: true };
    const run = await startRun(ctx, me.organization.id, input, { startedBy: me.user.email, partnerOperations });
    seeOther(res, `${CERTIFICATION_PATH}/started/${await started.put(req, run)}`);
  } catch (error) {
    if (!(error instanceof RunInputError) && !(error instanceof RunLimitError)) {
      next(error);
      return;
    }
    const refused = error instanceof RunLimitError;
    sendPage(res, <CertificationPage {...viewer(tools, req, res)} runs={await runsOf(ctx, me.organization.id)} form={form} errors={[refused ? limitError(error) : formError(error.message)]} />, refused ? 409 : 400);
  }
};

const ALREADY_SHOWN_RUN_CREDENTIALS: AlreadyShown = { section: 'certification', what: "run's credentials", back: { href: CERTIFICATION_PATH, text: 'Back to certification' }, children: 'If they were not copied, finish that run and start another.' };

const startedPage = ({ tools, started }: Deps) =>
  shownOncePage(tools, started, ALREADY_SHOWN_RUN_CREDENTIALS, (shown, req, res) => <RunStartedPage {...viewer(tools, req, res)} started={shown} />);

const runPage = ({ ctx, tools }: Deps) =>
  withFound(runIn(ctx), (run, req, res) => sendPage(res, <RunPage {...viewer(tools, req, res)} report={reportOf(run)} notCounted={notCountedOf(run)} finishedNow={req.query['finished'] === '1'} />));

const reportHtml = ({ ctx }: Deps) =>
  withFound(runIn(ctx), (run, _req, res) => {
    res.set('Cache-Control', 'no-store').set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").type('html').send(renderReportHtml(reportOf(run)));
  });

const reportJson = ({ ctx }: Deps) => withFound(runIn(ctx), (run, _req, res) => void res.set('Cache-Control', 'no-store').json(reportOf(run)));

// "Are you sure?": finishing ends the run's credentials, and every check still pending is not run.
const finishConfirm = ({ ctx, tools }: Deps) =>
  withFound(
    async (req, res) => {
      const run = await runIn(ctx)(req, res);
      return run?.status === 'running' || run?.status === 'ready' ? run : undefined;
    },
    (run, req, res) => {
      const pending = run.checks.filter((c) => c.outcome === 'pending').map((c) => c.id);
      sendPage(
        res,
        <ConfirmPage
          {...viewer(tools, req, res)}
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
    },
  );

const begin = ({ ctx }: Deps) =>
  withFound(runIn(ctx), async (run, _req, res) => {
    await beginRun(ctx, run.orgId, run.id);
    seeOther(res, runPath(run.id));
  });

/** The settings a run was made with, for a new run of the same integration (which waits to be started, like any run of the workspace). */
function settingsOf(run: RunRecord): StartRunInput {
  const borrowed = run.credentials.subscriptionBorrowed && run.credentials.subscriptionId;
  return {
    name: run.integration.name,
    ...(borrowed ? { subscriptionId: borrowed } : run.integration.webhookUrl ? { webhookUrl: run.integration.webhookUrl } : {}),
    ...(run.integration.redirectUris.length ? { redirectUris: run.integration.redirectUris } : {}),
    checks: run.checks.map((c) => c.id),
    ...(run.options.timeoutMs ? { timeoutSeconds: Math.round(run.options.timeoutMs / 1000) } : {}),
    faultWindowSeconds: Math.round(run.options.faultWindowMs / 1000),
    accessTokenTtlSeconds: run.options.accessTokenTtlS,
    waitForBegin: true,
  };
}

const again = ({ ctx, tools, partnerOperations, started }: Deps) =>
  withFound(runIn(ctx), async (run, req, res) => {
    const me = member(res);
    try {
      const next = await startRun(ctx, run.orgId, settingsOf(run), { startedBy: me.user.email, partnerOperations });
      seeOther(res, `${CERTIFICATION_PATH}/started/${await started.put(req, next)}`);
    } catch (error) {
      if (!(error instanceof RunInputError) && !(error instanceof RunLimitError)) throw error;
      // Too many runs open, or the settings no longer start (a borrowed subscription was deleted): the form, filled in, says why.
      const form: CertificationForm = { name: run.integration.name, webhookUrl: run.integration.webhookUrl ?? '', redirectUris: run.integration.redirectUris.join('\n'), groups: [...new Set(run.checks.map((c) => c.id.slice(0, c.id.indexOf('.'))))] };
      const refused = error instanceof RunLimitError;
      sendPage(res, <CertificationPage {...viewer(tools, req, res)} runs={await runsOf(ctx, me.organization.id)} form={form} errors={[refused ? limitError(error) : formError(error.message)]} />, refused ? 409 : 400);
    }
  });

const guide = ({ tools }: Deps): RequestHandler => (req, res) => sendPage(res, <GuidePage {...viewer(tools, req, res)} />);

const finish = ({ ctx }: Deps) =>
  withFound(runIn(ctx), async (run, _req, res) => {
    await finishRun(ctx, run.orgId, run.id, { reason: 'workspace', by: member(res).user.email });
    seeOther(res, `${runPath(run.id)}?finished=1`);
  });

/**
 * The Certification pages (admins): make a run for an integration, see its credentials once and
 * configure the integration, start its checks, follow them live with what to do next, run again, download its report, finish it early. Runs are looked up inside the
 * signed-in organisation only, so another organisation's run id is simply not found.
 */
export function certificationRoutes(ctx: AppContext, router: Router, tools: PageTools, partnerOperations: string[]): void {
  const deps: Deps = { ctx, tools, partnerOperations, started: new ShownOnceSlots<StartedRun>(ctx, 'run-credentials') };
  mountRoutes(router, tools, [
    get('/certification', listPage(deps)),
    post('/certification', start(deps)),
    get('/certification/checks', guide(deps)),
    get('/certification/started/:slot', startedPage(deps)),
    post('/certification/:runId/begin', begin(deps)),
    post('/certification/:runId/again', again(deps)),
    get('/certification/:runId', runPage(deps)),
    get('/certification/:runId/report.html', reportHtml(deps)),
    get('/certification/:runId/report.json', reportJson(deps)),
    ...confirmed('/certification/:runId/finish', finishConfirm(deps), finish(deps)),
  ]);
}
