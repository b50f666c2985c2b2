import { z } from 'zod';
import type { AppContext } from '../context.js';
import { put } from '../store/index.js';
import { RUNS, type RunRecord } from './run-records.js';
import { runChanged } from './run-store.js';
import { RunInputError } from './runs.js';

/**
 * What the integration says about one check, shown beside the outcome in every report: why a
 * SHOULD is not met (n8n deletes a credential without revoking it), or who does the work a check
 * observes (Zapier's platform waits out a 429 the app turned into a ThrottledError). It never
 * changes an outcome: a MUST that failed still fails the run.
 */
export const explanationSchema = z
  .object({
    check: z.string().min(1).max(100).describe('the check id, e.g. oauth.revokes-on-disconnect'),
    text: z.string().trim().min(1).max(2000).describe("the integration's explanation"),
  })
  .strict();
export type ExplanationInput = z.input<typeof explanationSchema>;

/** Records (or replaces) an explanation, running or finished: a certificate is often written after the run. */
export function explainCheck(ctx: Pick<AppContext, 'db'>, orgId: string, runId: string, raw: ExplanationInput): Promise<RunRecord | undefined> {
  const input = explanationSchema.parse(raw);
  // The run read forUpdate: an observation written meanwhile (on any server) is kept, not overwritten.
  return ctx.db.transaction(async (tx) => {
    const stored = await tx.get<RunRecord>(RUNS, orgId, runId, { forUpdate: true });
    if (!stored) return undefined;
    if (!stored.checks.some((c) => c.id === input.check)) throw new RunInputError(`the run has no check ${input.check} (it has ${stored.checks.map((c) => c.id).join(', ')})`);
    const run = { ...stored, explanations: { ...stored.explanations, [input.check]: input.text } };
    await tx.write([put(RUNS, orgId, run)]);
    runChanged(tx, runId);
    return run;
  });
}
