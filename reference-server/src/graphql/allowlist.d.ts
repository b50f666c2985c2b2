import type { Principal } from '../auth/principal.js';
import type { OAuthScope } from '../tenancy/records.js';
/**
 * The partner operations: named bundles of root fields an operator can allow for an OAuth client
 * or a partner credential (`--operations`). Authority comes from the root fields a document
 * selects, never from the name it gives itself, so a document called `getUserDataQuery` that
 * selects anything else is refused (docs/decisions/graphql-allowlist.md).
 */
export interface PartnerOperation {
    name: string;
    type: 'query' | 'mutation';
    rootFields: readonly string[];
    /** The OAuth scope a token needs for these fields (partner credentials carry no scopes). */
    scope: OAuthScope;
    description: string;
}
export declare const PARTNER_OPERATIONS: readonly PartnerOperation[];
/** The operations a partner credential or OAuth client gets unless the operator says otherwise: all of them. */
export declare const DEFAULT_PARTNER_OPERATIONS: string[];
/**
 * Root fields that exist in the schema (the platform's own staff tools use them) but are never
 * served on the partner endpoint, whatever a credential lists: the spec's admin, billing-admin,
 * prompt and other tenants' operations.
 */
export declare const RESTRICTED_ROOT_FIELDS: Readonly<Record<string, string>>;
export interface RootFieldGrant {
    operation: string;
    scope: OAuthScope;
}
export type AllowedRootFields = Record<'query' | 'mutation', Map<string, RootFieldGrant>>;
/** The root fields a caller may select, by operation type, from the operations it was allowed. */
export declare function allowedRootFields(principal: Principal): AllowedRootFields;
/** Whether the caller's scopes cover `needed`. `all` covers everything; partner credentials have no scopes. */
export declare function hasScope(principal: Principal, needed: OAuthScope): boolean;
/** The operation that grants a root field, for an error message that says what to ask for. */
export declare function operationFor(type: 'query' | 'mutation', field: string): PartnerOperation | undefined;
