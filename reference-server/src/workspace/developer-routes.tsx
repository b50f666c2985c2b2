import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { faultInputSchema, faultView, clearFaults, listFaults, setFault } from '../faults/index.js';
import { type FieldError, createFlash, formField, seeOther, sendPage, type PageTools } from '../pages/index.js';
import { member, requireAdmin } from './access.js';
import { DEVELOPER_PATH, DeveloperToolsPage, emptyFaultForm, type FaultFormValues } from './developer-pages.js';
import { WORKSPACE_PATH } from './names.js';
import { ConfirmPage } from './confirm.js';

const MESSAGES: Record<string, string> = {
  surface: 'Choose which API to fault',
  kind: 'Choose what the requests get',
  count: 'Enter a number of requests from 1 to 1000',
  minutes: 'Enter a number of minutes from 1 to 1440, or leave it empty to use a number of requests',
  retry_after_seconds: 'Enter a Retry-After from 0 to 3600 seconds',
  latency_ms: 'Enter a latency from 1 to 30000 milliseconds',
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Developer tools (admin): the fault injection of the organisation's own API calls. */
export function developerRoutes(ctx: AppContext, router: Router, { csrf, acceptForm }: PageTools): void {
  const flash = createFlash(ctx, { cookieName: 'pis_ws_dev', cookiePath: WORKSPACE_PATH, schema: z.object({ notice: z.string().max(300) }) });

  router.get('/developer-tools', requireAdmin, (req, res) => {
    const me = member(res);
    const notice = flash.take(req, res)?.notice;
    sendPage(res, <DeveloperToolsPage member={me} csrfToken={csrf.token(req, res)} faults={listFaults(ctx, me.organization.id).map(faultView)} values={emptyFaultForm()} {...(notice ? { notice } : {})} />);
  });

  router.post('/developer-tools/faults', ...acceptForm, requireAdmin, async (req, res, next) => {
    try {
      const me = member(res);
      const field = (name: keyof FaultFormValues) => formField(req.body, name) ?? '';
      const values: FaultFormValues = {
        surface: field('surface'),
        kind: field('kind'),
        count: field('count'),
        minutes: field('minutes'),
        retry_after_seconds: field('retry_after_seconds'),
        latency_ms: field('latency_ms'),
      };
      const minutes = number(values.minutes);
      const parsed = faultInputSchema.safeParse({
        surface: values.surface,
        kind: values.kind,
        ...(minutes !== undefined ? { minutes } : { count: number(values.count) ?? 1 }),
        retry_after_seconds: number(values.retry_after_seconds) ?? 1,
        latency_ms: number(values.latency_ms) ?? 2000,
      });
      if (!parsed.success) {
        const errors: FieldError[] = [];
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? 'kind');
          if (!errors.some((e) => e.field === name)) errors.push({ field: name, message: MESSAGES[name] ?? issue.message });
        }
        sendPage(res, <DeveloperToolsPage member={me} csrfToken={csrf.token(req, res)} faults={listFaults(ctx, me.organization.id).map(faultView)} values={values} errors={errors} />, 400);
        return;
      }
      const fault = await setFault(ctx, me.organization.id, parsed.data);
      flash.set(res, { notice: `Fault ${fault.kind} set on the ${fault.surface} API.` });
      seeOther(res, DEVELOPER_PATH);
    } catch (error) {
      next(error);
    }
  });

  // "Are you sure?": a connector author may be halfway through a test that relies on these faults.
  router.get('/developer-tools/faults/clear', requireAdmin, (req, res) => {
    const me = member(res);
    const faults = listFaults(ctx, me.organization.id).map(faultView);
    if (faults.length === 0) {
      seeOther(res, DEVELOPER_PATH);
      return;
    }
    sendPage(
      res,
      <ConfirmPage
        member={me}
        csrfToken={csrf.token(req, res)}
        section="developer"
        question={`Clear all ${faults.length} fault(s)?`}
        action={`${DEVELOPER_PATH}/faults/clear`}
        confirm="Yes, clear all faults"
        back={{ href: DEVELOPER_PATH, text: 'No, keep the faults' }}
        consequences={[
          ...faults.map((f) => `The ${f.kind} fault on the ${f.surface} API is removed.`),
          'Every API call gets its real answer again; to fault them again, set the faults anew.',
        ]}
      />,
    );
  });

  router.post('/developer-tools/faults/clear', ...acceptForm, requireAdmin, async (_req, res, next) => {
    try {
      const cleared = await clearFaults(ctx, member(res).organization.id);
      flash.set(res, { notice: `${cleared} fault(s) cleared: every API call gets its real answer again.` });
      seeOther(res, DEVELOPER_PATH);
    } catch (error) {
      next(error);
    }
  });
}
