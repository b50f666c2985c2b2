import { GLOBAL, put } from '../store/store.js';
import { ORGANIZATIONS } from './records.js';
export async function createOrganization(ctx, name) {
    const org = { id: ctx.ids.next('org'), name, createdAt: new Date(ctx.clock.now()).toISOString() };
    await ctx.store.write([put(ORGANIZATIONS, GLOBAL, org)]);
    return org;
}
export function getOrganization(ctx, id) {
    return ctx.store.get(ORGANIZATIONS, GLOBAL, id);
}
export function listOrganizations(ctx) {
    return ctx.store.all(ORGANIZATIONS, GLOBAL);
}
//# sourceMappingURL=organizations.js.map