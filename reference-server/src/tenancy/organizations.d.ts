import type { AppContext } from '../context.js';
import { type Organization } from './records.js';
export declare function createOrganization(ctx: AppContext, name: string): Promise<Organization>;
export declare function getOrganization(ctx: Pick<AppContext, 'store'>, id: string): Organization | undefined;
export declare function listOrganizations(ctx: Pick<AppContext, 'store'>): Organization[];
