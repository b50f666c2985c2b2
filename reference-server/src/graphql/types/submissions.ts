import { GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig, type GraphQLNullableType } from 'graphql';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../http/index.js';
import {
  findSubmission,
  getProfile,
  InvalidCursorError,
  listQueryOf,
  listSubmissions,
  SUBMISSION_STATUSES,
  type SubmissionRecord,
  type SubmissionStatus,
} from '../../submissions/index.js';
import { inputError, parseArgs } from '../graphql-errors.js';
import { type GraphqlContext } from '../graphql-context.js';
import { listSize } from '../rules.js';
import { foundersField } from './founders.js';
import { ProfileType } from './profile-type.js';
import { reportField } from './report-field.js';
import { DateTime, JSONScalar } from './scalars.js';

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type);

/** The Automation API's page bounds: a GraphQL page is the same store page. */
export const SUBMISSIONS_PAGE = { default: 25, max: 100 } as const;
/** The cursor list name the Automation API uses too, so a cursor from either surface continues the other's list. */
const CURSOR_LIST = 'submissions';

export const SubmissionStatusType = new GraphQLEnumType({
  name: 'SubmissionStatus',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting for its scoring run.' },
    PROCESSING: { value: 'processing', description: 'Being scored now.' },
    COMPLETED: { value: 'completed', description: 'Scored on every criterion.' },
    AWAITING_ASSESSMENT: {
      value: 'awaiting_assessment',
      description: "Scored on every criterion but the assessment one: the primary person has no assessment result yet. Scored again when it arrives.",
    },
    FAILED: { value: 'failed', description: 'Could not be scored; `error` says why.' },
  } satisfies Record<Uppercase<SubmissionStatus>, { value: SubmissionStatus; description: string }>,
});

const EvaluationBand = new GraphQLEnumType({
  name: 'EvaluationBand',
  description: 'STRONG ≥ 75, PROMISING ≥ 55, MIXED ≥ 35, else WEAK.',
  values: { STRONG: { value: 'strong' }, PROMISING: { value: 'promising' }, MIXED: { value: 'mixed' }, WEAK: { value: 'weak' } },
});

const AssessmentInclusion = new GraphQLEnumType({
  name: 'AssessmentInclusion',
  values: {
    INCLUDED: { value: 'included', description: "The assessment criterion is scored from the people's results." },
    PENDING: { value: 'pending', description: "The profile needs the primary person's result, which has not arrived." },
    NOT_REQUIRED: { value: 'not_required', description: 'The profile has no assessment criterion.' },
  },
});

type Evaluation = NonNullable<SubmissionRecord['evaluation']>;

const ScoreSummaryType = new GraphQLObjectType<Evaluation['score']>({
  name: 'ScoreSummary',
  description: 'The score of the latest run, as the Automation API lists it.',
  fields: {
    overall: { type: nonNull(GraphQLFloat), description: 'Weighted mean of the computable criteria, 0–100, one decimal.' },
    band: { type: nonNull(EvaluationBand) },
    partial: { type: nonNull(GraphQLBoolean), description: 'True while the assessment criterion is pending.' },
    assessment: { type: nonNull(AssessmentInclusion) },
  },
});

const CriterionScoreType = new GraphQLObjectType<Evaluation['criteria'][number]>({
  name: 'CriterionScore',
  fields: {
    key: { type: nonNull(GraphQLString) },
    label: { type: nonNull(GraphQLString) },
    weight: { type: nonNull(GraphQLFloat) },
    score: { type: GraphQLFloat, description: '0–100, or null while it cannot be computed yet (the assessment criterion without a result).' },
    evidence: { type: nonNull(GraphQLString), description: 'What the score was computed from, in words.' },
  },
});

const SubmissionScoresType = new GraphQLObjectType<SubmissionRecord>({
  name: 'SubmissionScores',
  description:
    "The profile's score breakdown of the latest run, next to the submission's current status. Before the first run (and after a failed one) there is no score: `overall`, `band` and `assessment` are null and `criteria` is empty.",
  fields: {
    status: { type: nonNull(SubmissionStatusType) },
    overall: { type: GraphQLFloat, resolve: (s) => s.evaluation?.score.overall ?? null },
    band: { type: EvaluationBand, resolve: (s) => s.evaluation?.score.band ?? null },
    partial: { type: nonNull(GraphQLBoolean), resolve: (s) => s.evaluation?.score.partial ?? false },
    assessment: { type: AssessmentInclusion, resolve: (s) => s.evaluation?.score.assessment ?? null },
    criteria: { type: nonNull(new GraphQLList(nonNull(CriterionScoreType))), extensions: listSize(30), resolve: (s) => s.evaluation?.criteria ?? [] },
  },
});

const SubmissionErrorType = new GraphQLObjectType<NonNullable<SubmissionRecord['error']>>({
  name: 'SubmissionError',
  fields: {
    code: { type: nonNull(GraphQLString), description: '`missing_required_fields`, `profile_not_found` or `internal_error`.' },
    message: { type: nonNull(GraphQLString) },
    fields: { type: new GraphQLList(nonNull(GraphQLString)), description: 'The required fields that are missing.' },
  },
});

export const SubmissionType = new GraphQLObjectType<SubmissionRecord, GraphqlContext>({
  name: 'Submission',
  description: 'A person or deal queued for evaluation: the same record the Automation API creates and lists.',
  fields: {
    id: { type: nonNull(GraphQLID), description: '`sub_…`' },
    jobId: { type: nonNull(GraphQLID), description: '`job_…`, returned at creation; the same for every run.' },
    recordId: { type: nonNull(GraphQLString), description: "The caller's own unique id for the person or deal." },
    profileId: { type: nonNull(GraphQLID) },
    profile: { type: ProfileType, resolve: (s, _args, { ctx }) => getProfile(ctx, s.orgId, s.profileId) ?? null },
    status: { type: nonNull(SubmissionStatusType) },
    source: { type: GraphQLString },
    fields: { type: nonNull(JSONScalar), description: "The person or deal attributes, after the organisation's field mapping." },
    filters: { type: nonNull(new GraphQLList(JSONScalar)), description: 'As given at creation.' },
    createdAt: { type: nonNull(DateTime) },
    updatedAt: { type: nonNull(DateTime) },
    processedAt: { type: DateTime, description: 'When the latest run finished.' },
    resourceCount: { type: nonNull(GraphQLInt), resolve: (s) => s.resourceIds.length },
    transcriptCount: { type: nonNull(GraphQLInt), resolve: (s) => s.transcriptIds.length },
    score: { type: ScoreSummaryType, description: 'The score of the latest run, or null.', resolve: (s) => s.evaluation?.score ?? null },
    error: { type: SubmissionErrorType, description: 'Why the latest run failed, or null.' },
    scores: { type: nonNull(SubmissionScoresType), description: 'The score breakdown per criterion.', resolve: (s) => s },
    founders: foundersField,
    report: reportField,
  },
});

const SubmissionEdgeType = new GraphQLObjectType<SubmissionRecord>({
  name: 'SubmissionEdge',
  fields: {
    cursor: { type: nonNull(GraphQLString), resolve: (s) => encodeCursor(CURSOR_LIST, s.id) },
    node: { type: nonNull(SubmissionType), resolve: (s) => s },
  },
});

const PageInfoType = new GraphQLObjectType<PageInfo>({
  name: 'PageInfo',
  fields: {
    hasNextPage: { type: nonNull(GraphQLBoolean), description: 'Whether to ask again with `after: endCursor`.' },
    endCursor: { type: GraphQLString, description: 'Opaque: pass it as `after` unchanged.' },
  },
});

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

interface SubmissionPage {
  nodes: SubmissionRecord[];
  pageInfo: PageInfo;
}

const SubmissionConnectionType = new GraphQLObjectType<SubmissionPage>({
  name: 'SubmissionConnection',
  description:
    'One page of submissions, newest first. With a status, profile or date filter a page may hold fewer than `first` nodes while `hasNextPage` is true: keep following `endCursor`.',
  fields: {
    nodes: { type: nonNull(new GraphQLList(nonNull(SubmissionType))) },
    edges: { type: nonNull(new GraphQLList(nonNull(SubmissionEdgeType))), resolve: (page) => page.nodes },
    pageInfo: { type: nonNull(PageInfoType) },
  },
});

const listArgsSchema = z.object({
  first: z.int().min(1, 'must be at least 1').max(SUBMISSIONS_PAGE.max, `must be at most ${SUBMISSIONS_PAGE.max}`),
  after: z.string().max(512).nullish(),
  status: z.enum(SUBMISSION_STATUSES).nullish(),
  profileId: z.string().max(128).nullish(),
  recordId: z.string().max(256).nullish(),
  updatedSince: z.string().nullish(),
  search: z.string().max(200, 'must be at most 200 characters').nullish(),
});
type ListArgs = z.input<typeof listArgsSchema>;

export const submissionsField: GraphQLFieldConfig<unknown, GraphqlContext, ListArgs> = {
  type: nonNull(SubmissionConnectionType),
  description:
    "The organisation's submissions, newest first, a page at a time (`listSubmissionsQuery`). A page costs the same however many submissions exist; `recordId` is an index lookup (0 or 1 node).",
  args: {
    first: { type: GraphQLInt, defaultValue: SUBMISSIONS_PAGE.default, description: `Page size, 1–${SUBMISSIONS_PAGE.max}.` },
    after: { type: GraphQLString, description: 'The `endCursor` of the previous page.' },
    status: { type: SubmissionStatusType },
    profileId: { type: GraphQLID },
    recordId: { type: GraphQLString },
    updatedSince: { type: DateTime, description: 'Only submissions updated at or after this instant.' },
    search: {
      type: GraphQLString,
      description:
        'What a person typed: every word must begin a word of the name, company or email field, the record ID or the submission ID; any case, accents ignored ("grace hop" finds Grace Hopper). Pages over the matches, newest first, whatever their age.',
    },
  },
  resolve: async (_root, args, { ctx, principal, search }) => {
    const query = parseArgs(listArgsSchema, args);
    const after = query.after ? decodeCursor(CURSOR_LIST, query.after) : undefined;
    if (query.after && !after) throw inputError([{ field: 'after', message: 'is not a cursor of this list (pass pageInfo.endCursor as given)' }]);
    try {
      const { first: limit, status, profileId, recordId, updatedSince, search: text } = query;
      const page = await listSubmissions(ctx, principal.orgId, listQueryOf({ limit, after, status, profileId, recordId, updatedSince, search: text }), search);
      // With a filter, `next` may name the last submission scanned rather than the last returned.
      const last = page.next ?? page.items.at(-1)?.id;
      return { nodes: page.items, pageInfo: { hasNextPage: page.next !== undefined, endCursor: last ? encodeCursor(CURSOR_LIST, last) : null } };
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      throw inputError([{ field: 'after', message: 'points at a submission that no longer exists; start again without it' }]);
    }
  },
};

export const submissionField: GraphQLFieldConfig<unknown, GraphqlContext, { id?: string | null; recordId?: string | null }> = {
  type: SubmissionType,
  description:
    "One submission of the organisation by `id` (`sub_…` or `job_…`) or by your `recordId` — exactly one of them (`getSubmissionQuery`). Null when the organisation has none.",
  args: { id: { type: GraphQLID }, recordId: { type: GraphQLString } },
  resolve: (_root, { id, recordId }, { ctx, principal }) => {
    if ((id == null) === (recordId == null)) {
      const message = id == null ? 'one of id or recordId is required' : 'give only one of id and recordId';
      throw inputError([
        { field: 'id', message },
        { field: 'recordId', message },
      ]);
    }
    const ref = id != null ? (id.startsWith('job_') ? { jobId: id } : { submissionId: id }) : { recordId: recordId as string };
    return findSubmission(ctx, principal.orgId, ref) ?? null;
  },
};
