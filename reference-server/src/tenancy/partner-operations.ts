import type { OAuthScope } from './tenancy-records.js';

/**
 * The partner operations: named bundles of root fields an operator can allow for an OAuth client
 * or a partner credential (`--operations`). Authority comes from the root fields a document
 * selects, never from the name it gives itself, so a document called `getUserDataQuery` that
 * selects anything else is refused (docs/decisions/graphql-allowlist.md). Kept with the tenancy
 * records, because the operator, the workspace and certification runs grant them to credentials;
 * graphql/allowlist.ts enforces them.
 */
export interface PartnerOperation {
  name: string;
  type: 'query' | 'mutation';
  rootFields: readonly string[];
  /** The OAuth scope a token needs for these fields (partner credentials carry no scopes). */
  scope: OAuthScope;
  description: string;
}

export const PARTNER_OPERATIONS: readonly PartnerOperation[] = [
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
export const DEFAULT_PARTNER_OPERATIONS: string[] = PARTNER_OPERATIONS.map((operation) => operation.name);
