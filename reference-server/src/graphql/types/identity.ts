import { GraphQLEnumType, GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import { type Organization, type User, getOrganization, getUser } from '../../tenancy/index.js';
import { fieldError } from '../graphql-errors.js';
import { type GraphqlContext } from '../graphql-context.js';
import { DateTime } from './scalars.js';

export const OrganizationType = new GraphQLObjectType<Organization, GraphqlContext>({
  name: 'Organization',
  description: 'The organisation (workspace) the caller acts for.',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    createdAt: { type: new GraphQLNonNull(DateTime) },
  },
});

const UserRole = new GraphQLEnumType({
  name: 'UserRole',
  values: { ADMIN: { value: 'admin' }, MEMBER: { value: 'member' } },
});

export const UserType = new GraphQLObjectType<User, GraphqlContext>({
  name: 'User',
  description: 'An investor login of the organisation.',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    email: { type: new GraphQLNonNull(GraphQLString) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    role: { type: new GraphQLNonNull(UserRole) },
    organization: {
      type: new GraphQLNonNull(OrganizationType),
      resolve: (user, _args, { ctx }) => getOrganization(ctx, user.orgId),
    },
  },
});

export async function callerOrganization({ ctx, principal }: GraphqlContext): Promise<Organization> {
  const organization = await getOrganization(ctx, principal.orgId);
  if (!organization) throw fieldError('The organisation of this credential no longer exists.', 'NOT_FOUND');
  return organization;
}

/** `me`: the signed-in user of an OAuth token. A partner credential acts for an organisation, not a person. */
export const meField: GraphQLFieldConfig<unknown, GraphqlContext> = {
  type: UserType,
  description: 'The user who authorised this access token (`getUserDataQuery`). Null, with an error, for a partner credential.',
  resolve: async (_root, _args, { ctx, principal }) => {
    if (!principal.userId) {
      throw fieldError('A partner credential acts for an organisation, not a user: there is no current user.', 'NO_CURRENT_USER');
    }
    const user = await getUser(ctx, principal.userId);
    if (!user || user.orgId !== principal.orgId) throw fieldError('The user of this token no longer exists.', 'NOT_FOUND');
    return user;
  },
};

export const organizationField: GraphQLFieldConfig<unknown, GraphqlContext> = {
  type: new GraphQLNonNull(OrganizationType),
  description: 'The organisation the caller acts for.',
  resolve: (_root, _args, context) => callerOrganization(context),
};
