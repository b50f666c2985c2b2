import { GraphQLObjectType, GraphQLSchema, printSchema } from 'graphql';
import type { GraphqlContext } from './context.js';
import { assessmentResultField } from './types/assessment.js';
import { createSubmissionField } from './types/create-submission.js';
import { meField, organizationField } from './types/identity.js';
import { integrationStatusField } from './types/integration.js';
import { profilesField } from './types/profiles.js';
import { restrictedMutationFields, restrictedQueryFields } from './types/restricted.js';
import { submissionField, submissionsField } from './types/submissions.js';
import { webhookSubscriptionsField } from './types/webhook-subscriptions.js';

/**
 * The partner GraphQL schema, built in code; `schema.graphql` next to this file is its printed
 * SDL, kept in the repository and checked against this code by `graphql.test.ts` (`UPDATE_SDL=1` rewrites it).
 */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      me: meField,
      organization: organizationField,
      assessmentResult: assessmentResultField,
      submissions: submissionsField,
      submission: submissionField,
      profiles: profilesField,
      integrationStatus: integrationStatusField,
      webhookSubscriptions: webhookSubscriptionsField,
      ...restrictedQueryFields,
    },
  }),
  mutation: new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Mutation',
    fields: {
      createSubmission: createSubmissionField,
      ...restrictedMutationFields,
    },
  }),
});

export const SDL = `${printSchema(schema)}\n`;
