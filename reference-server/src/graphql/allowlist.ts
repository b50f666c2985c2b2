import type { Principal } from '../http/index.js';
import { PARTNER_OPERATIONS, type PartnerOperation, type OAuthScope } from '../tenancy/index.js';

export { DEFAULT_PARTNER_OPERATIONS, PARTNER_OPERATIONS, type PartnerOperation } from '../tenancy/index.js';


/**
 * Root fields that exist in the schema (the platform's own staff tools use them) but are never
 * served on the partner endpoint, whatever a credential lists: the spec's admin, billing-admin,
 * prompt and other tenants' operations.
 */
export const RESTRICTED_ROOT_FIELDS: Readonly<Record<string, string>> = {
  adminOrganizations: 'admin',
  adminSuspendOrganization: 'admin',
  organizationById: "other tenants' data",
  billingAccount: 'billing admin',
  updateBillingPlan: 'billing admin',
  scoringPrompts: 'prompt administration',
  updateScoringPrompt: 'prompt administration',
};

export interface RootFieldGrant {
  operation: string;
  scope: OAuthScope;
}

export type AllowedRootFields = Record<'query' | 'mutation', Map<string, RootFieldGrant>>;

/** The root fields a caller may select, by operation type, from the operations it was allowed. */
export function allowedRootFields(principal: Principal): AllowedRootFields {
  const allowed: AllowedRootFields = { query: new Map(), mutation: new Map() };
  const names = new Set(principal.allowedOperations ?? []);
  for (const operation of PARTNER_OPERATIONS) {
    if (!names.has(operation.name)) continue;
    for (const field of operation.rootFields) allowed[operation.type].set(field, { operation: operation.name, scope: operation.scope });
  }
  return allowed;
}

/** Whether the caller's scopes cover `needed`. `all` covers everything; partner credentials have no scopes. */
export function hasScope(principal: Principal, needed: OAuthScope): boolean {
  if (principal.via !== 'oauth_access_token') return true;
  const scopes = principal.scopes ?? [];
  return scopes.includes('all') || scopes.includes(needed);
}

/** The operation that grants a root field, for an error message that says what to ask for. */
export function operationFor(type: 'query' | 'mutation', field: string): PartnerOperation | undefined {
  return PARTNER_OPERATIONS.find((operation) => operation.type === type && operation.rootFields.includes(field));
}
