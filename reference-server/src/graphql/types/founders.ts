import { GraphQLBoolean, GraphQLFloat, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import { findResultByEmail } from '../../assessments/index.js';
import { getProfile, type SubmissionRecord } from '../../submissions/index.js';
import { foundersOf } from '../../submissions/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { listSize } from '../rules.js';
import { AssessmentResultType } from './assessment.js';

interface FounderView {
  name: string | null;
  email: string | null;
  role: string | null;
  primary: boolean;
  /** From the latest scoring run; null when that run had no result for this person or the profile needs none. */
  fit: number | null;
}

const FounderType = new GraphQLObjectType<FounderView, GraphqlContext>({
  name: 'Founder',
  description:
    'A person of the submission: the primary person from the top-level fields (`name`, `email`, `role`), then each entry of `fields.founders`.',
  fields: {
    name: { type: GraphQLString },
    email: { type: GraphQLString, description: 'Lower-cased, as matched against assessment results.' },
    role: { type: GraphQLString },
    primary: { type: new GraphQLNonNull(GraphQLBoolean), description: 'The person of the top-level fields, whose assessment the profile waits for.' },
    assessment: {
      type: AssessmentResultType,
      description: "This person's assessment result in the organisation now (email matched case-insensitively), or null.",
      resolve: (f, _args, { ctx, principal }) => (f.email ? (findResultByEmail(ctx, principal.orgId, f.email) ?? null) : null),
    },
    fit: {
      type: GraphQLFloat,
      description:
        "0–100: closeness of this person's percentiles to the profile's targets, as of the latest scoring run. Null before a run used a result for this person, or when the profile has no assessment criterion.",
    },
  },
});

/** The people of a submission, read from its current fields; `fit` from the latest run. */
export async function foundersOfSubmission(ctx: GraphqlContext['ctx'], submission: SubmissionRecord): Promise<FounderView[]> {
  const profile = await getProfile(ctx, submission.orgId, submission.profileId);
  const evaluation = submission.evaluation;
  const scoredFit = evaluation?.score.assessment !== 'not_required';
  return foundersOf(submission.fields, profile?.kind ?? 'candidate').map((person) => {
    const scored = person.email ? evaluation?.founders.find((f) => f.email === person.email) : undefined;
    return { ...person, fit: scoredFit && scored?.assessment ? scored.assessment.fit : null };
  });
}

export const foundersField: GraphQLFieldConfig<SubmissionRecord, GraphqlContext> = {
  type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(FounderType))),
  description: 'The people of the submission, each with their assessment result when the organisation has one.',
  extensions: listSize(10),
  resolve: (submission, _args, { ctx }) => foundersOfSubmission(ctx, submission),
};
