export const PARTNER_OPERATIONS = [
    { name: 'getUserDataQuery', type: 'query', rootFields: ['me'], scope: 'basic', description: 'The signed-in user (email, name) and organisation.' },
    { name: 'getOrganizationQuery', type: 'query', rootFields: ['organization'], scope: 'basic', description: 'The organisation the caller acts for.' },
    {
        name: 'getAssessmentResultQuery',
        type: 'query',
        rootFields: ['assessmentResult'],
        scope: 'profile',
        description: "A person's scored assessment, by email.",
    },
    {
        name: 'listSubmissionsQuery',
        type: 'query',
        rootFields: ['submissions'],
        scope: 'profile',
        description: "A page of the organisation's submissions (companies and candidates), with filters.",
    },
    {
        name: 'getSubmissionQuery',
        type: 'query',
        rootFields: ['submission'],
        scope: 'profile',
        description: 'One submission with its scores, founders and report.',
    },
    { name: 'listProfilesQuery', type: 'query', rootFields: ['profiles'], scope: 'profile', description: 'The profiles submissions are scored against.' },
    {
        name: 'createSubmissionMutation',
        type: 'mutation',
        rootFields: ['createSubmission'],
        scope: 'all',
        description: 'Queues a company or candidate for evaluation (the Automation API create).',
    },
    {
        name: 'getIntegrationStatusQuery',
        type: 'query',
        rootFields: ['integrationStatus'],
        scope: 'all',
        description: 'How this integration is connected: client, scopes, allowed operations.',
    },
    {
        name: 'getWebhookSubscriptionsQuery',
        type: 'query',
        rootFields: ['webhookSubscriptions'],
        scope: 'all',
        description: "The organisation's webhook subscriptions (never their secrets).",
    },
];
/** The operations a partner credential or OAuth client gets unless the operator says otherwise: all of them. */
export const DEFAULT_PARTNER_OPERATIONS = PARTNER_OPERATIONS.map((operation) => operation.name);
/**
 * Root fields that exist in the schema (the platform's own staff tools use them) but are never
 * served on the partner endpoint, whatever a credential lists: the spec's admin, billing-admin,
 * prompt and other tenants' operations.
 */
export const RESTRICTED_ROOT_FIELDS = {
    adminOrganizations: 'admin',
    adminSuspendOrganization: 'admin',
    organizationById: "other tenants' data",
    billingAccount: 'billing admin',
    updateBillingPlan: 'billing admin',
    scoringPrompts: 'prompt administration',
    updateScoringPrompt: 'prompt administration',
};
/** The root fields a caller may select, by operation type, from the operations it was allowed. */
export function allowedRootFields(principal) {
    const allowed = { query: new Map(), mutation: new Map() };
    const names = new Set(principal.allowedOperations ?? []);
    for (const operation of PARTNER_OPERATIONS) {
        if (!names.has(operation.name))
            continue;
        for (const field of operation.rootFields)
            allowed[operation.type].set(field, { operation: operation.name, scope: operation.scope });
    }
    return allowed;
}
/** Whether the caller's scopes cover `needed`. `all` covers everything; partner credentials have no scopes. */
export function hasScope(principal, needed) {
    if (principal.via !== 'oauth_access_token')
        return true;
    const scopes = principal.scopes ?? [];
    return scopes.includes('all') || scopes.includes(needed);
}
/** The operation that grants a root field, for an error message that says what to ask for. */
export function operationFor(type, field) {
    return PARTNER_OPERATIONS.find((operation) => operation.type === type && operation.rootFields.includes(field));
}
//# sourceMappingURL=allowlist.js.map