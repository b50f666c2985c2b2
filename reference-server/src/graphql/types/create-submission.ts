import { GraphQLBoolean, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import { createSubmission, submissionInputSchema, type SubmissionRecord } from '../../submissions/index.js';
import { fieldError, inputError, parseArgs } from '../graphql-errors.js';
import { type GraphqlContext } from '../graphql-context.js';
import { JSONScalar } from './scalars.js';
import { SubmissionType } from './submissions.js';

const CreateSubmissionInput = new GraphQLInputObjectType({
  name: 'CreateSubmissionInput',
  fields: {
    recordId: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'Your own unique id for the person or deal (1–256 characters). Sending it again returns the existing submission.',
    },
    profileId: { type: new GraphQLNonNull(GraphQLID), description: 'One of the `profiles`.' },
    fields: { type: new GraphQLNonNull(JSONScalar), description: 'An object of the person or deal attributes, e.g. `{"email": …, "name": …, "company": …}` (at most 200 keys).' },
    filters: { type: new GraphQLList(JSONScalar), description: 'Stored as given (at most 50).' },
    source: { type: GraphQLString, description: 'Where the submission comes from (at most 100 characters).' },
  },
});

const CreateSubmissionPayload = new GraphQLObjectType<{ submission: SubmissionRecord; existing: boolean }>({
  name: 'CreateSubmissionPayload',
  fields: {
    submission: { type: new GraphQLNonNull(SubmissionType), description: 'The queued submission (status QUEUED), or the existing one.' },
    existing: {
      type: new GraphQLNonNull(GraphQLBoolean),
      description: 'True when this recordId was already submitted with the same profile and fields: nothing new was queued.',
    },
  },
});

interface CreateArgs {
  input: { recordId: string; profileId: string; fields: unknown; filters?: unknown[] | null; source?: string | null };
}

/** GraphQL names of the submission input's fields, for errors that name what the caller sent. */
const GRAPHQL_NAMES: Record<string, string> = { record_id: 'recordId', profile_id: 'profileId' };

/**
 * `createSubmission` (`createSubmissionMutation`): parsed into the submissions domain's input
 * (as the Automation API's `POST /submissions` is) and handed to the same service, so the record, the processing job
 * and the `submission.queued` event are exactly what the REST create writes.
 */
export const createSubmissionField: GraphQLFieldConfig<unknown, GraphqlContext, CreateArgs> = {
  type: CreateSubmissionPayload,
  description:
    'Queues a person or deal for evaluation, like POST /api/automation/submissions. A repeated recordId returns the existing submission (`existing: true`); with a different profile or fields it is a CONFLICT error.',
  args: { input: { type: new GraphQLNonNull(CreateSubmissionInput) } },
  resolve: async (_root, { input }, { ctx, principal }) => {
    const body = parseArgs(
      submissionInputSchema,
      {
        record_id: input.recordId,
        profile_id: input.profileId,
        fields: input.fields,
        ...(input.filters != null ? { filters: input.filters } : {}),
        ...(input.source != null ? { source: input.source } : {}),
      },
      GRAPHQL_NAMES,
    );
    const outcome = await createSubmission(ctx, principal.orgId, body);
    switch (outcome.kind) {
      case 'unknown_profile':
        throw inputError([{ field: 'profileId', message: 'is not a profile of this organisation (the profiles query lists them)' }]);
      case 'conflict':
        throw fieldError(
          `recordId ${JSON.stringify(body.record_id)} was already submitted with a different ${outcome.differs.map((d) => GRAPHQL_NAMES[d] ?? d).join(' and ')}; use a new recordId to submit again.`,
          'CONFLICT',
          {
            fields: outcome.differs.map((d) => ({ field: GRAPHQL_NAMES[d] ?? d, message: 'differs from the submission already made with this recordId' })),
            submissionId: outcome.submission.id,
            jobId: outcome.submission.jobId,
          },
        );
      case 'existing':
      case 'created':
        return { submission: outcome.submission, existing: outcome.kind === 'existing' };
    }
  },
};
