import type { AppContext } from '../context.js';
import { answersFrom, benchmarkTag, DIMENSIONS, scoreAnswers, selectNorm } from '../psychometrics/index.js';
import { saveResult } from './results.js';

/**
 * Demo data of the Assessment API: one scored result, so the results endpoint, GraphQL and the
 * automation engine's assessment matching have a person to find out of the box. The benchmark
 * tags are built in (psychometrics/norms.ts) and need no seeding.
 */
export const DEMO_RESULT_EMAIL = 'jordan.rivera@founders.example';

/** A plausible founder: strong on most dimensions, cautious with risk, with everyday variation. */
const LEVEL = [5, 5, 4, 3, 5, 4, 5, 4];

/** The demo person's answers scored against the B2B software benchmark, as a result records them. */
export function demoPersonScored(answers: Record<string, number>) {
  const tag = benchmarkTag('bt_b2b_software');
  const { norm, reference } = selectNorm(tag);
  return {
    email: DEMO_RESULT_EMAIL,
    fullName: 'Jordan Rivera',
    benchmarkTagId: tag?.id ?? null,
    benchmarkApplied: tag !== undefined,
    scores: scoreAnswers(answers, norm, reference),
    answers,
  };
}

export async function seedAssessmentDemo(ctx: AppContext, orgId: string): Promise<void> {
  const answers = answersFrom((item) => {
    const level = LEVEL[DIMENSIONS.indexOf(item.dimension)] as number;
    const jitter = ((item.number * 7) % 3) - 1;
    const agree = Math.min(6, Math.max(1, level + jitter));
    return item.reversed ? 7 - agree : agree;
  });
  await saveResult(ctx, orgId, {
    ...demoPersonScored(answers),
    context: { q2: 'founder', q3: '6-10', q133: 'seed', q134: 'software', q137: true },
    crmSync: { status: 'not_configured', attempts: 0 },
  });
}
