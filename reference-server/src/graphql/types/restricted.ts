import { GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import { fieldError } from '../graphql-errors.js';
import { type GraphqlContext } from '../graphql-context.js';
import { OrganizationType } from './identity.js';
import { DateTime } from './scalars.js';

/**
 * The platform's staff operations: administration, billing, scoring prompts and reading other
 * organisations. They are part of the schema (the allowlist has something real to refuse), but
 * the partner endpoint never runs them — the allowlist rule refuses them before execution, and
 * the resolvers refuse again should a rule ever be misconfigured.
 */
const staffOnly = (): never => {
  throw fieldError('This operation is reserved for platform staff and is not served on the partner API.', 'FORBIDDEN');
};

const BillingAccountType = new GraphQLObjectType({
  name: 'BillingAccount',
  description: "An organisation's subscription (staff only).",
  fields: {
    plan: { type: new GraphQLNonNull(GraphQLString) },
    seats: { type: new GraphQLNonNull(GraphQLInt) },
    renewsAt: { type: DateTime },
  },
});

const ScoringPromptType = new GraphQLObjectType({
  name: 'ScoringPrompt',
  description: 'A prompt of the evaluation models (staff only).',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    text: { type: new GraphQLNonNull(GraphQLString) },
    updatedAt: { type: new GraphQLNonNull(DateTime) },
  },
});

type Field = GraphQLFieldConfig<unknown, GraphqlContext>;

export const restrictedQueryFields: Record<string, Field> = {
  adminOrganizations: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(OrganizationType))),
    description: 'Every organisation on the platform (staff only).',
    resolve: staffOnly,
  },
  organizationById: {
    type: OrganizationType,
    description: 'Any organisation by id, across tenants (staff only).',
    args: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: staffOnly,
  },
  billingAccount: { type: BillingAccountType, description: 'Billing of the organisation (billing admins only).', resolve: staffOnly },
  scoringPrompts: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ScoringPromptType))),
    description: 'The prompts of the evaluation models (staff only).',
    resolve: staffOnly,
  },
};

export const restrictedMutationFields: Record<string, Field> = {
  adminSuspendOrganization: {
    type: OrganizationType,
    description: 'Suspends an organisation (staff only).',
    args: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: staffOnly,
  },
  updateBillingPlan: {
    type: BillingAccountType,
    description: "Changes the organisation's plan (billing admins only).",
    args: { plan: { type: new GraphQLNonNull(GraphQLString) } },
    resolve: staffOnly,
  },
  updateScoringPrompt: {
    type: ScoringPromptType,
    description: 'Rewrites a prompt of the evaluation models (staff only).',
    args: { id: { type: new GraphQLNonNull(GraphQLID) }, text: { type: new GraphQLNonNull(GraphQLString) } },
    resolve: staffOnly,
  },
};
