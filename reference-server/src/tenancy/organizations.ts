import type { AppContext } from '../context.js';
import { GLOBAL, put } from '../store/index.js';
import { ORGANIZATIONS, type Organization } from './tenancy-records.js';

export async function createOrganization(ctx: AppContext, name: string): Promise<Organization> {
  const org: Organization = { id: ctx.ids.next('org'), name, createdAt: new Date(ctx.clock.now()).toISOString() };
  await ctx.db.write([put(ORGANIZATIONS, GLOBAL, org)]);
  return org;
}

export function getOrganization(ctx: Pick<AppContext, 'db'>, id: string): Promise<Organization | undefined> {
  return ctx.db.get<Organization>(ORGANIZATIONS, GLOBAL, id);
}

export function listOrganizations(ctx: Pick<AppContext, 'db'>): Promise<Organization[]> {
  return ctx.db.all<Organization>(ORGANIZATIONS, GLOBAL);
}
