import { GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig, type GraphQLNullableType } from 'graphql';
import { listProfiles, type ProfileRecord } from '../../submissions/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { listSize } from '../rules.js';
import { DateTime, JSONScalar } from './scalars.js';

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

const ProfileKind = new GraphQLEnumType({
  name: 'ProfileKind',
  values: {
    FOUNDER: { value: 'founder', description: 'A founder (or founding team) of a company.' },
    CANDIDATE: { value: 'candidate', description: 'A candidate for a role.' },
    DEAL: { value: 'deal', description: 'A company or deal.' },
  },
});

type Criterion = ProfileRecord['criteria'][number];

const ProfileCriterionType = new GraphQLObjectType<Criterion>({
  name: 'ProfileCriterion',
  description: 'One weighted criterion of a profile; docs/automation.md#scoring gives the arithmetic of each rule.',
  fields: {
    key: { type: nonNull(GraphQLString) },
    label: { type: nonNull(GraphQLString) },
    description: { type: nonNull(GraphQLString) },
    weight: { type: nonNull(GraphQLFloat) },
    rule: { type: nonNull(JSONScalar), description: 'The rule as the Automation API shows it, e.g. `{"type": "field_present", "field": "website"}`.' },
  },
});

export const ProfileType = new GraphQLObjectType<ProfileRecord>({
  name: 'Profile',
  description: 'An investment or success profile ("framework") a submission is scored against.',
  fields: {
    id: { type: nonNull(GraphQLID) },
    name: { type: nonNull(GraphQLString) },
    description: { type: nonNull(GraphQLString) },
    kind: { type: nonNull(ProfileKind) },
    requiredFields: {
      type: nonNull(new GraphQLList(nonNull(GraphQLString))),
      description: 'Fields a submission must carry to be scored (else it fails).',
      resolve: (p) => p.required_fields,
    },
    assessmentRequired: {
      type: nonNull(GraphQLBoolean),
      description: "Whether a criterion needs the person's assessment result (submissions wait for it: AWAITING_ASSESSMENT).",
      resolve: (p) => p.criteria.some((c) => c.rule.type === 'assessment_fit'),
    },
    criteria: { type: nonNull(new GraphQLList(nonNull(ProfileCriterionType))), extensions: listSize(30) },
    createdAt: { type: nonNull(DateTime), resolve: (p) => p.created_at },
  },
});

export const profilesField: GraphQLFieldConfig<unknown, GraphqlContext> = {
  type: nonNull(new GraphQLList(nonNull(ProfileType))),
  description: "The organisation's profiles, oldest first (`listProfilesQuery`).",
  extensions: listSize(20),
  resolve: (_root, _args, { ctx, principal }) => listProfiles(ctx, principal.orgId),
};
