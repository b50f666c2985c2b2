import type { AppContext } from '../context.js';
import { type ProfileInput } from '../submissions/index.js';
/**
 * Demo data of the Automation API: three profiles an investor or a venture studio would really
 * use — one per kind, two of them with assessment targets — and one submission of the person
 * the Assessment API's seed gave a result, so a scored submission exists out of the box.
 */
export declare const DEMO_PROFILES: {
    id: string;
    input: ProfileInput;
}[];
export declare function seedAutomationDemo(ctx: AppContext, orgId: string): Promise<void>;
