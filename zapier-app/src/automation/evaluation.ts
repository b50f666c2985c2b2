import type { ZObject } from 'zapier-platform-core';
import { baseUrl } from '../config.js';
import { graphql } from '../graphql.js';
import { SUBMISSION_SAMPLE } from './samples.js';

export type Submission = typeof SUBMISSION_SAMPLE;

/**
 * Every submission step returns the evaluation a person acts on — the score and band, each
 * criterion, the profile's name, the founders, the report as Markdown and as plain text, and
 * the link to the submission in the workspace — read through the partner API's
 * `getSubmissionQuery` (the one place the report is rendered as Markdown). Triggers, searches
 * and creates all call `evaluationOf`, so a live hook, performList and the sample look alike.
 */
const FIELDS = `id jobId recordId profileId status source fields createdAt updatedAt processedAt resourceCount transcriptCount
    profile { name }
    score { overall band partial assessment }
    error { code message }
    scores { criteria { key label weight score evidence } }
    founders { name email role primary fit }
    report { summary strengths concerns markdown }`;

/** How many of the newest matches a search step weighs (see bestMatch). */
const SEARCH_CANDIDATES = 25;

const QUERY = `query getSubmissionQuery($id: ID, $recordId: String) {
  submission(id: $id, recordId: $recordId) {
    ${FIELDS}
  }
}`;

/** The API's search: every word typed begins a word of the name, company, email, record ID or ID; newest first. */
const SEARCH = `query listSubmissionsQuery($search: String) {
  submissions(first: ${SEARCH_CANDIDATES}, search: $search) {
    nodes { id recordId fields }
  }
}`;

interface GraphqlSubmission {
  id: string;
  jobId: string;
  recordId: string;
  profileId: string;
  status: string;
  source: string | null;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  resourceCount: number;
  transcriptCount: number;
  profile: { name: string } | null;
  score: { overall: number; band: string; partial: boolean; assessment: string } | null;
  error: { code: string; message: string } | null;
  scores: { criteria: { key: string; label: string; weight: number; score: number | null; evidence: string }[] } | null;
  founders: { name: string | null; email: string | null; role: string | null; primary: boolean; fit: number | null }[] | null;
  report: { summary: string; strengths: string[]; concerns: string[]; markdown: string } | null;
}

const lower = (value: string | null | undefined) => (typeof value === 'string' ? value.toLowerCase() : null);
const score = (value: number | null) => (value === null ? 'pending' : String(value));

export function workspaceUrl(submissionId: string): string {
  return `${baseUrl()}/workspace/submissions/${encodeURIComponent(submissionId)}`;
}

/** The step output of one submission (the field order of SUBMISSION_SAMPLE). */
export function toOutput(s: GraphqlSubmission): Submission {
  const criteria = s.scores?.criteria ?? [];
  const founders = s.founders ?? [];
  return {
    id: s.id,
    record_id: s.recordId,
    status: lower(s.status) as string,
    profile_id: s.profileId,
    profile_name: s.profile?.name ?? null,
    overall_score: s.score?.overall ?? null,
    band: lower(s.score?.band),
    score_partial: s.score?.partial ?? null,
    assessment_status: lower(s.score?.assessment),
    criteria: criteria.map((c) => ({ key: c.key, label: c.label, weight: c.weight, score: c.score, evidence: c.evidence })),
    criteria_text: criteria.map((c) => `${c.label}: ${score(c.score)}`).join('\n') || null,
    founders: founders.map((f) => ({ name: f.name, email: f.email, role: f.role, primary: f.primary, fit: f.fit })),
    founders_summary:
      founders.map((f) => `${f.name ?? f.email ?? 'Unnamed'}${f.role ? ` (${f.role})` : ''}: fit ${f.fit === null ? 'not assessed yet' : f.fit}`).join('\n') || null,
    report_summary: s.report?.summary ?? null,
    report_markdown: s.report?.markdown ?? null,
    report_strengths: s.report?.strengths ?? [],
    report_concerns: s.report?.concerns ?? [],
    workspace_url: workspaceUrl(s.id),
    job_id: s.jobId,
    source: s.source,
    fields: s.fields,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    processed_at: s.processedAt,
    resource_count: s.resourceCount,
    transcript_count: s.transcriptCount,
    error_code: s.error?.code ?? null,
    error_message: s.error?.message ?? null,
  } as Submission;
}

/** One submission by its `sub_…`/`job_…` ID or by record ID; null when the organisation has none. */
export async function evaluationOf(z: ZObject, ref: { id: string } | { recordId: string }): Promise<Submission | null> {
  const data = await graphql<{ submission: GraphqlSubmission | null }>(z, 'getSubmissionQuery', QUERY, ref);
  return data.submission ? toOutput(data.submission) : null;
}

/** The newest submission matching what was typed, wherever it is in the organisation's list. */
export async function searchEvaluation(z: ZObject, text: string): Promise<Submission | null> {
  const data = await graphql<{ submissions: { nodes: Candidate[] } }>(z, 'listSubmissionsQuery', SEARCH, { search: text });
  const best = bestMatch(text, data.submissions.nodes);
  // Weighed on their names alone (25 in full would pass the API's cost limit), then read in full.
  return best ? evaluationOf(z, { id: best.id }) : null;
}

type Candidate = Pick<GraphqlSubmission, 'id' | 'recordId' | 'fields'>;

/**
 * The API answers newest first, every submission with a word starting as typed: "ada 975" also
 * finds 9750–9759. A search step returns one submission, so the one holding the most typed words
 * whole wins (the newest among equals).
 */
function bestMatch(text: string, nodes: Candidate[]): Candidate | undefined {
  const typed = wordsOf(text);
  const whole = (s: Candidate) => {
    const words = new Set(wordsOf([s.fields['name'], s.fields['company'], s.fields['email'], s.recordId, s.id].filter((v) => typeof v === 'string').join(' ')));
    return typed.filter((t) => words.has(t)).length;
  };
  return nodes.reduce<Candidate | undefined>((best, node) => (best === undefined || whole(node) > whole(best) ? node : best), undefined);
}

/** Words as the API's search reads them: lower case, accents folded, split at anything not a letter or digit. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

export async function requireEvaluation(z: ZObject, id: string): Promise<Submission> {
  const found = await evaluationOf(z, { id });
  if (!found) throw new z.errors.Error(`The platform has no submission ${id} for this connection's organization.`, 'not_found', 404);
  return found;
}
