import { GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig, type GraphQLNullableType } from 'graphql';
import { findResultByEmail, type AssessmentResult } from '../../assessments/index.js';
import { DIMENSIONS } from '../../psychometrics/index.js';
import type { DimensionScore, ScaleScore, ScoreReport } from '../../psychometrics/index.js';
import type { GraphqlContext } from '../graphql-context.js';
import { listSize } from '../rules.js';
import { DateTime } from './scalars.js';

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

const Band = new GraphQLEnumType({
  name: 'ScoreBand',
  values: { LOW: { value: 'low' }, AVERAGE: { value: 'average' }, HIGH: { value: 'high' } },
});

const scaleFields = {
  mean: { type: nonNull(GraphQLFloat), description: 'Mean scored answer on the 1–6 scale.' },
  t: { type: nonNull(GraphQLFloat), description: 'T score (50 + 10z) against the norm.' },
  percentile: { type: nonNull(GraphQLInt), description: 'Percentile against the norm, 1–99.' },
  sten: { type: nonNull(GraphQLInt), description: 'Standard ten, 1–10.' },
  band: { type: nonNull(Band) },
};

const ScaleScoreType = new GraphQLObjectType<ScaleScore>({ name: 'ScaleScore', fields: scaleFields });

const DimensionScoreType = new GraphQLObjectType<DimensionScore & { dimension: string }>({
  name: 'DimensionScore',
  fields: { dimension: { type: nonNull(GraphQLString) }, label: { type: nonNull(GraphQLString) }, ...scaleFields },
});

const NormType = new GraphQLObjectType({
  name: 'Norm',
  fields: { id: { type: nonNull(GraphQLID) }, name: { type: nonNull(GraphQLString) }, kind: { type: nonNull(GraphQLString) } },
});

const QualityType = new GraphQLObjectType<ScoreReport['quality']>({
  name: 'ResponseQuality',
  fields: {
    status: { type: nonNull(GraphQLString), description: '`ok`, `review` or `invalid`.' },
    flags: { type: nonNull(new GraphQLList(nonNull(GraphQLString))) },
  },
});

const ScoresType = new GraphQLObjectType<ScoreReport>({
  name: 'AssessmentScores',
  fields: {
    model: { type: nonNull(GraphQLString) },
    modelVersion: { type: nonNull(GraphQLString) },
    instrumentVersion: { type: nonNull(GraphQLString) },
    norm: { type: nonNull(NormType) },
    composite: { type: nonNull(ScaleScoreType) },
    dimensions: {
      type: nonNull(new GraphQLList(nonNull(DimensionScoreType))),
      extensions: listSize(DIMENSIONS.length),
      resolve: (report) => Object.entries(report.dimensions).map(([dimension, score]) => ({ dimension, ...score })),
    },
    quality: { type: nonNull(QualityType) },
  },
});

export const AssessmentResultType = new GraphQLObjectType<AssessmentResult>({
  name: 'AssessmentResult',
  description: "A person's scored psychometric assessment; one per organisation and email.",
  fields: {
    id: { type: nonNull(GraphQLID) },
    email: { type: nonNull(GraphQLString) },
    fullName: { type: nonNull(GraphQLString) },
    benchmarkTagId: { type: GraphQLID },
    benchmarkApplied: { type: nonNull(GraphQLBoolean) },
    revision: { type: nonNull(GraphQLInt), description: '1 for the first submit, +1 for each replacement.' },
    submittedAt: { type: nonNull(DateTime) },
    scores: { type: nonNull(ScoresType) },
  },
});

export const assessmentResultField: GraphQLFieldConfig<unknown, GraphqlContext, { email: string }> = {
  type: AssessmentResultType,
  description: "The organisation's stored assessment result for this email (case-insensitive), or null.",
  args: { email: { type: new GraphQLNonNull(GraphQLString) } },
  resolve: (_root, { email }, { ctx, principal }) => findResultByEmail(ctx, principal.orgId, email) ?? null,
};
