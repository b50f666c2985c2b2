import type { AppContext } from '../context.js';
import { issueCertificate } from '../certificates/index.js';
import type { WriteOp } from '../store/index.js';
import { getOrganization } from '../tenancy/index.js';
import { checkInfo } from './checks.js';
import type { RunRecord } from './run-records.js';

/**
 * A run that passed every MUST is certified as it ends: the certificate is signed here and stored
 * in the same write as the run's end, and the run names it (its reports link it). A failed run
 * gets none. The explanations given by then are part of what is signed.
 */
export async function certifyPassedRun(ctx: AppContext, run: RunRecord): Promise<WriteOp[]> {
  if (run.status !== 'passed') return [];
  const issued = await issueCertificate(ctx, {
    orgId: run.orgId,
    runId: run.id,
    organisation: (await getOrganization(ctx, run.orgId))?.name ?? run.orgId,
    name: run.integration.name,
    checks: run.checks.map((c) => ({ id: c.id, level: checkInfo(c.id).level, outcome: c.outcome, ...(run.explanations?.[c.id] ? { explanation: run.explanations[c.id] as string } : {}) })),
  });
  run.certificate = issued.ref;
  return issued.ops;
}
