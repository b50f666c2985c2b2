import { GraphQLBoolean, GraphQLEnumType, GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import type { Principal } from '../../http/index.js';
import { getClient } from '../../tenancy/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { callerOrganization, OrganizationType } from './identity.js';

const CredentialKind = new GraphQLEnumType({
  name: 'CredentialKind',
  values: {
    OAUTH_ACCESS_TOKEN: { value: 'oauth_access_token', description: 'An access token from the OAuth authorization code flow.' },
    PARTNER_CREDENTIAL: { value: 'partner_credential', description: 'A partner credential issued by the operator.' },
  },
});

const OAuthClientInfo = new GraphQLObjectType({
  name: 'OAuthClientInfo',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), description: 'The client_id.' },
    name: { type: new GraphQLNonNull(GraphQLString), description: 'The application name shown on the consent page.' },
  },
});

const strings = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString)));

const IntegrationStatusType = new GraphQLObjectType<Principal, GraphqlContext>({
  name: 'IntegrationStatus',
  description: 'How the calling integration is connected: a connection test for n8n and Zapier credentials.',
  fields: {
    connected: { type: new GraphQLNonNull(GraphQLBoolean), resolve: () => true },
    credential: { type: new GraphQLNonNull(CredentialKind), resolve: (p) => p.via },
    client: {
      type: OAuthClientInfo,
      description: 'The OAuth client, for an access token.',
      resolve: (p, _args, { ctx }) => (p.clientId ? getClient(ctx, p.clientId) : null),
    },
    scopes: { type: strings, description: 'Scopes of the access token (empty for a partner credential).', resolve: (p) => p.scopes ?? [] },
    allowedOperations: { type: strings, description: 'The partner operations this credential may run.', resolve: (p) => p.allowedOperations ?? [] },
    organization: { type: new GraphQLNonNull(OrganizationType), resolve: (_p, _args, context) => callerOrganization(context) },
  },
});

export const integrationStatusField: GraphQLFieldConfig<unknown, GraphqlContext> = {
  type: new GraphQLNonNull(IntegrationStatusType),
  description: 'The calling integration and what it may do.',
  resolve: (_root, _args, { principal }) => principal,
};
