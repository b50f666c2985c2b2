import { GraphQLObjectType, GraphQLSchema, printSchema } from 'graphql';
import type { GraphqlContext } from './context.js';
import { assessmentResultField } from './types/assessment.js';
import { meField, organizationField } from './types/identity.js';
import { integrationStatusField } from './types/integration.js';
import { restrictedMutationFields, restrictedQueryFields } from './types/restricted.js';

/**
 * The partner GraphQL schema, built in code; `schema.graphql` next to this file is its printed
 * SDL, kept in the repository and checked against this code by `schema.test.ts`.
 */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Query',
    fields: {
      me: meField,
      organization: organizationField,
      assessmentResult: assessmentResultField,
      integrationStatus: integrationStatusField,
      ...restrictedQueryFields,
    },
  }),
  mutation: new GraphQLObjectType<unknown, GraphqlContext>({
    name: 'Mutation',
    fields: {
      ...restrictedMutationFields,
    },
  }),
});

export const SDL = `${printSchema(schema)}\n`;
