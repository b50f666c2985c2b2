import { answersFrom } from '../psychometrics/fixtures.js';
import { DIMENSIONS } from '../psychometrics/model.js';
import { benchmarkTag, selectNorm } from '../psychometrics/norms.js';
import { saveResult } from '../assessment-results/store.js';
import { scoreAnswers } from '../psychometrics/scoring.js';
/**
 * Demo data of the Assessment API: one scored result, so the results endpoint, GraphQL and the
 * automation engine's assessment matching have a person to find out of the box. The benchmark
 * tags are built in (psychometrics/norms.ts) and need no seeding.
 */
export const DEMO_RESULT_EMAIL = 'jordan.rivera@founders.example';
/** A plausible founder: strong on most dimensions, cautious with risk, with everyday variation. */
const LEVEL = [5, 5, 4, 3, 5, 4, 5, 4];
export async function seedAssessmentDemo(ctx, orgId) {
    const answers = answersFrom((item) => {
        const level = LEVEL[DIMENSIONS.indexOf(item.dimension)];
        const jitter = ((item.number * 7) % 3) - 1;
        const agree = Math.min(6, Math.max(1, level + jitter));
        return item.reversed ? 7 - agree : agree;
    });
    const tag = benchmarkTag('bt_b2b_software');
    const { norm, reference } = selectNorm(tag);
    await saveResult(ctx, orgId, {
        email: DEMO_RESULT_EMAIL,
        fullName: 'Jordan Rivera',
        benchmarkTagId: tag?.id ?? null,
        benchmarkApplied: tag !== undefined,
        scores: scoreAnswers(answers, norm, reference),
        answers,
        context: { q2: 'founder', q3: '6-10', q133: 'seed', q134: 'software', q137: true },
        crmSync: { status: 'not_configured', attempts: 0 },
    });
}
//# sourceMappingURL=seed.js.map