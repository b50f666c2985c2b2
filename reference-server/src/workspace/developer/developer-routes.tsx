import type { Request, RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.js';
import { clearFaults, faultInputSchema, faultView, listFaults, setFault } from '../../faults/index.js';
import { type FieldError, formField, type PageTools, seeOther, sendPage } from '../../pages/index.js';
import { ConfirmPage, confirmed, get, member, mountRoutes, noticeFlash, type NoticeFlash, post, redirectWithNotice, takeNotice, viewer } from '../shared/index.js';
import { DEVELOPER_PATH, DeveloperToolsPage, emptyFaultForm, type FaultFormValues } from './developer-pages.js';

const MESSAGES: Record<string, string> = {
  surface: 'Choose which API to fault',
  kind: 'Choose what the requests get',
  count: 'Enter a number of requests from 1 to 1000',
  minutes: 'Enter a number of minutes from 1 to 1440, or leave it empty to use a number of requests',
  retry_after_seconds: 'Enter a Retry-After from 0 to 3600 seconds',
  latency_ms: 'Enter a latency from 1 to 30000 milliseconds',
};

interface Deps {
  ctx: AppContext;
  tools: PageTools;
  flash: NoticeFlash;
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

const faultsOf = async (ctx: AppContext, orgId: string) => (await listFaults(ctx, orgId)).map(faultView);

/** The form as typed, so a refused one comes back filled in. */
function faultFormOf(req: Request): FaultFormValues {
  const field = (name: keyof FaultFormValues) => formField(req.body, name) ?? '';
  return { surface: field('surface'), kind: field('kind'), count: field('count'), minutes: field('minutes'), retry_after_seconds: field('retry_after_seconds'), latency_ms: field('latency_ms') };
}

/** The fault as the service takes it: a time window when minutes are given, else a number of requests. */
function parseFault(values: FaultFormValues) {
  const minutes = number(values.minutes);
  return faultInputSchema.safeParse({
    surface: values.surface,
    kind: values.kind,
    ...(minutes !== undefined ? { minutes } : { count: number(values.count) ?? 1 }),
    retry_after_seconds: number(values.retry_after_seconds) ?? 1,
    latency_ms: number(values.latency_ms) ?? 2000,
  });
}

/** One message per field, in the form's words. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'kind');
    if (!errors.some((e) => e.field === name)) errors.push({ field: name, message: MESSAGES[name] ?? issue.message });
  }
  return errors;
}

const toolsPage = ({ ctx, tools, flash }: Deps): RequestHandler => async (req, res) => {
  sendPage(res, <DeveloperToolsPage {...viewer(tools, req, res)} faults={await faultsOf(ctx, member(res).organization.id)} values={emptyFaultForm()} {...takeNotice(flash, req, res)} />);
};

const setFaultForm = ({ ctx, tools, flash }: Deps): RequestHandler => async (req, res) => {
  const orgId = member(res).organization.id;
  const values = faultFormOf(req);
  const parsed = parseFault(values);
  if (!parsed.success) {
    sendPage(res, <DeveloperToolsPage {...viewer(tools, req, res)} faults={await faultsOf(ctx, orgId)} values={values} errors={fieldErrorsOf(parsed.error.issues)} />, 400);
    return;
  }
  const fault = await setFault(ctx, orgId, parsed.data);
  redirectWithNotice(res, flash, `Fault ${fault.kind} set on the ${fault.surface} API.`, DEVELOPER_PATH);
};

// "Are you sure?": a connector author may be halfway through a test that relies on these faults.
const clearConfirm = ({ ctx, tools }: Deps): RequestHandler => async (req, res) => {
  const faults = await faultsOf(ctx, member(res).organization.id);
  if (faults.length === 0) {
    seeOther(res, DEVELOPER_PATH);
    return;
  }
  sendPage(
    res,
    <ConfirmPage
      {...viewer(tools, req, res)}
      section="developer"
      question={`Clear all ${faults.length} fault(s)?`}
      action={`${DEVELOPER_PATH}/faults/clear`}
      confirm="Yes, clear all faults"
      back={{ href: DEVELOPER_PATH, text: 'No, keep the faults' }}
      consequences={[...faults.map((f) => `The ${f.kind} fault on the ${f.surface} API is removed.`), 'Every API call gets its real answer again; to fault them again, set the faults anew.']}
    />,
  );
};

const clear = ({ ctx, flash }: Deps): RequestHandler => async (_req, res) => {
  const cleared = await clearFaults(ctx, member(res).organization.id);
  redirectWithNotice(res, flash, `${cleared} fault(s) cleared: every API call gets its real answer again.`, DEVELOPER_PATH);
};

/** Developer tools (admin): the fault injection of the organisation's own API calls. */
export function developerRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  const deps: Deps = { ctx, tools, flash: noticeFlash(ctx, 'pis_ws_dev') };
  mountRoutes(router, tools, [
    get('/developer-tools', toolsPage(deps)),
    post('/developer-tools/faults', setFaultForm(deps)),
    ...confirmed('/developer-tools/faults/clear', clearConfirm(deps), clear(deps)),
  ]);
}
