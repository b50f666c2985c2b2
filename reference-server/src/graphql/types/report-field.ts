import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import { getProfile, type SubmissionRecord } from '../../submissions/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { renderReportMarkdown } from '../submission-report.js';
import { DateTime } from './scalars.js';

const strings = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString)));

/** A scored submission: its report is read off the evaluation of the latest run. */
type Scored = SubmissionRecord & { evaluation: NonNullable<SubmissionRecord['evaluation']> };

const EvaluationReportType = new GraphQLObjectType<Scored, GraphqlContext>({
  name: 'EvaluationReport',
  description: 'The readable evaluation of the latest scoring run, derived from its scores alone (the same run always gives the same report).',
  fields: {
    summary: { type: new GraphQLNonNull(GraphQLString), description: 'One paragraph: overall score and band, strongest and weakest criteria.', resolve: (s) => s.evaluation.report.summary },
    strengths: { type: strings, description: 'Labels of the criteria scoring 75 or more.', resolve: (s) => s.evaluation.report.strengths },
    concerns: { type: strings, description: 'Labels of the criteria scoring under 40.', resolve: (s) => s.evaluation.report.concerns },
    generatedAt: { type: new GraphQLNonNull(DateTime), description: 'When the run that produced it scored the submission.', resolve: (s) => s.evaluation.report.generated_at },
    markdown: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The whole report as Markdown: overall score, a table of the criteria with their evidence, the people and their fit, strengths and concerns.',
      resolve: async (s, _args, { ctx }) =>
        renderReportMarkdown({ submission: s, profileName: (await getProfile(ctx, s.orgId, s.profileId))?.name ?? null, evaluation: s.evaluation }),
    },
  },
});

export const reportField: GraphQLFieldConfig<SubmissionRecord, GraphqlContext> = {
  type: EvaluationReportType,
  description: 'The report of the latest scoring run; null until a run has scored the submission, and after a failed run.',
  resolve: (s) => (s.evaluation ? s : null),
};
