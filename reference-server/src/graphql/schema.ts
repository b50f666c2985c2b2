import { GraphQLObjectType, GraphQLSchema, printSchema } from 'graphql';
import type { GraphqlContext } from './graphql-context.js';
import { assessmentResultField, createSubmissionField, integrationStatusField, meField, organizationField, profilesField, restrictedMutationFields, restrictedQueryFields, submissionField, submissionsField, webhookSubscriptionsField } from './types/index.js';

const partnerQueryFields = {
  me: meField,
  organization: organizationField,
  assessmentResult: assessmentResultField,
  submissions: submissionsField,
  submission: submissionField,
  profiles: profilesField,
  integrationStatus: integrationStatusField,
  webhookSubscriptions: webhookSubscriptionsField,
};
const partnerMutationFields = { createSubmission: createSubmissionField };

/**
 * The schema the partner endpoint executes, built in code: the partner fields plus the staff-only
 * stubs (types/restricted.ts), present so the allowlist has something real to refuse and refused
 * again by their resolvers.
 */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GraphqlContext>({ name: 'Query', fields: { ...partnerQueryFields, ...restrictedQueryFields } }),
  mutation: new GraphQLObjectType<unknown, GraphqlContext>({ name: 'Mutation', fields: { ...partnerMutationFields, ...restrictedMutationFields } }),
});

/** What partners are shown: the same schema without the staff-only stubs. */
const publishedSchema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GraphqlContext>({ name: 'Query', fields: partnerQueryFields }),
  mutation: new GraphQLObjectType<unknown, GraphqlContext>({ name: 'Mutation', fields: partnerMutationFields }),
});

/**
 * The published SDL: `schema.graphql` next to this file is this text, kept in the repository and
 * checked against the code by `graphql.test.ts` (`UPDATE_SDL=1` rewrites it).
 */
export const SDL = `${printSchema(publishedSchema)}\n`;
