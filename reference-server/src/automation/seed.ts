import type { AppContext } from '../context.js';

/** Demo data of the Automation API for a freshly seeded organisation. */
export async function seedAutomationDemo(_ctx: AppContext, _orgId: string): Promise<void> {}
