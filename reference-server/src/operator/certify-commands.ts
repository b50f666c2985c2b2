import { z } from 'zod';
import type { AppContext } from '../context.js';
import { CertificateError, KeyError, listKeys, revokeCertificate, revokeSchema, rotateKey, withdrawKey } from '../certificates/index.js';
import { beginRun, explainCheck, explanationSchema, findRun, finishedBySchema, finishRun, listRuns, reportOf, RunInputError, RunLimitError, startRun, startRunSchema } from '../certification/index.js';
import { DEFAULT_PARTNER_OPERATIONS } from '../tenancy/index.js';
import { command, OperatorError, orgId, requireOrg } from './command.js';
import { keyViewOutput, reportOutput, reportVersionOutput, runListOutput, startedRunOutput } from './outputs.js';
import { awaitRunChange, MAX_WAIT_MS } from './run-wait.js';

async function runOrFail(ctx: AppContext, runId: string) {
  const run = await findRun(ctx, runId);
  if (!run) throw new OperatorError(`no certification run ${runId}`);
  return run;
}

const runId = z.string().min(1);

/** The certification commands: runs (what `certify run` drives) and the certificates a passed run is given. */
export const CERTIFY_COMMANDS = {
  'certify.start': command(startRunSchema.extend({ orgId, startedBy: z.enum(['operator', 'certify run']).default('operator') }).describe('start a certification run'), startedRunOutput, async (ctx, { orgId: org, startedBy, ...input }) => {
    await requireOrg(ctx, org);
    try {
      const started = await startRun(ctx, org, input, { startedBy, partnerOperations: DEFAULT_PARTNER_OPERATIONS });
      return { run: { id: started.run.id, status: started.run.status, deadline: new Date(started.run.deadline).toISOString() }, credentials: started.credentials, url: started.url };
    } catch (error) {
      if (error instanceof RunInputError) throw new OperatorError(error.message);
      if (error instanceof RunLimitError) throw new OperatorError(error.scope === 'organisation' ? `${error.message} (reference-server certify finish <run>)` : error.message, 409);
      throw error;
    }
  }),
  'certify.status': command(z.object({ runId: z.string().min(1) }).describe("a certification run's report"), reportOutput, async (ctx, input) => reportOf(await runOrFail(ctx, input.runId))),
  'certify.begin': command(z.object({ runId: z.string().min(1) }).describe('begin the checks of a ready run (started with waitForBegin), once the integration holds its credentials'), reportOutput, async (ctx, input) => {
    const run = await runOrFail(ctx, input.runId);
    if (run.status !== 'ready') throw new OperatorError(`the run ${run.id} is ${run.status}: only a ready run begins`);
    return reportOf((await beginRun(ctx, run.orgId, run.id)) ?? run);
  }),
  'certify.finish': command(z.object({ runId: z.string().min(1), end: finishedBySchema.default({ reason: 'operator' }) }).describe('finish a certification run now'), reportOutput, async (ctx, input) => {
    const run = await runOrFail(ctx, input.runId);
    return reportOf((await finishRun(ctx, run.orgId, run.id, input.end)) ?? run);
  }),
  'certify.explain': command(explanationSchema.extend({ runId: z.string().min(1) }).describe("record the integration's explanation of one check (shown in every report)"), reportOutput, async (ctx, { runId, ...input }) => {
    const run = await runOrFail(ctx, runId);
    try {
      return reportOf((await explainCheck(ctx, run.orgId, run.id, input)) ?? run);
    } catch (error) {
      if (error instanceof RunInputError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'certify.list': command(z.object({ orgId }).describe("list an organisation's certification runs"), runListOutput, async (ctx, input) => {
    await requireOrg(ctx, input.orgId);
    return (await listRuns(ctx, input.orgId, { limit: 100 })).items.map((run) => reportOf(run).run);
  }),
  'certify.revoke': command(revokeSchema.describe('revoke an integration certificate: its page, badge and certify verify say so, with the reason'), z.object({ id: z.string(), revoked_at: z.string().optional(), reason: z.string().optional() }), async (ctx, input) => {
    try {
      const revoked = await revokeCertificate(ctx, input, { who: 'operator' });
      return { id: revoked.id, revoked_at: revoked.revoked?.at, reason: revoked.revoked?.reason };
    } catch (error) {
      if (error instanceof CertificateError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'certify.keys': command(z.object({}).describe('list the certificate signing keys: which signs, which are still published'), keyViewOutput, async (ctx) => listKeys(ctx)),
  'certify.rotate-key': command(z.object({}).describe('a new certificate signing key signs from now on; the old one stays published until its certificates expire'), keyViewOutput, async (ctx) => rotateKey(ctx)),
  'certify.withdraw-key': command(z.object({ kid: z.string().min(1).describe('the retired key to withdraw') }).describe('take a retired certificate key out of the published set: what it signed no longer verifies'), keyViewOutput, async (ctx, input) => {
    try {
      return await withdrawKey(ctx, input.kid);
    } catch (error) {
      if (error instanceof KeyError) throw new OperatorError(error.message);
      throw error;
    }
  }),
  'certify.wait': command(
    z
      .object({ runId, seen: z.string().optional().describe('the version of the report last seen'), waitMs: z.int().min(0).max(MAX_WAIT_MS) })
      .describe("a run's report once it differs from the version seen, or after waitMs: how `certify run` follows a run"),
    reportVersionOutput,
    async (ctx, input, signal) => awaitRunChange(ctx, await runOrFail(ctx, input.runId), input, signal),
  ),
};
