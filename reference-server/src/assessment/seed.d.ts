import type { AppContext } from '../context.js';
/**
 * Demo data of the Assessment API: one scored result, so the results endpoint, GraphQL and the
 * automation engine's assessment matching have a person to find out of the box. The benchmark
 * tags are built in (psychometrics/norms.ts) and need no seeding.
 */
export declare const DEMO_RESULT_EMAIL = "jordan.rivera@founders.example";
export declare function seedAssessmentDemo(ctx: AppContext, orgId: string): Promise<void>;
