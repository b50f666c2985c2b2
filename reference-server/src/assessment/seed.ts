import type { AppContext } from '../context.js';

/** Demo data of the Assessment API for a freshly seeded organisation. */
export async function seedAssessmentDemo(_ctx: AppContext, _orgId: string): Promise<void> {}
