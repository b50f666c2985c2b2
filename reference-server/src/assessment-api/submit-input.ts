import { z } from 'zod';
import { CLOSING, DEMOGRAPHICS, PSYCHOMETRIC, questionById, type Question } from '../psychometrics/index.js';
import { SCALE_MAX, SCALE_MIN } from '../psychometrics/index.js';
import { benchmarkTag, type BenchmarkTag } from '../psychometrics/index.js';

/**
 * The submit body, checked field by field so a form learns exactly which answers to fix.
 *
 * A 400 lists every offending key in `missing` or `invalid`; `missingCount` and `invalidCount`
 * are their lengths. The keys are question ids (`q7`) and the body fields `email`, `full_name`
 * (the answers to q4 and q1) and `benchmark_tag_id`. An absent key, `null` or a blank string
 * counts as missing; anything else that fails its rule counts as invalid.
 */
const answer = z.int().min(SCALE_MIN).max(SCALE_MAX);

function optionalAnswer(question: Question): z.ZodType {
  switch (question.type) {
    case 'single_choice':
      return z.literal((question.options ?? []).map((o) => o.value));
    case 'boolean':
      return z.boolean();
    case 'likert':
      return answer;
    default:
      return z.string().max(question.maxLength ?? 200);
  }
}

const OPTIONAL_QUESTIONS = [...DEMOGRAPHICS, ...CLOSING];
const PSYCHOMETRIC_IDS = PSYCHOMETRIC.map((q) => q.id);

/** The rule of every psychometric answer (`answer` above), checked by hand: see `parseSubmission`. */
const isAnswer = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= SCALE_MIN && value <= SCALE_MAX;

/** Everything but the psychometric answers: the body fields and the optional questions. */
const bodyFields = {
  email: z
    .string()
    .trim()
    .pipe(z.email().max(254))
    .meta({ format: 'email', description: 'Identifies the result (compared case-insensitively); the answer to q4.' }),
  full_name: z.string().trim().min(1).max(200).describe('Display name; the answer to q1.'),
  benchmark_tag_id: z.string().min(1).max(100).optional().describe('Score against this tag’s norms (GET /api/v1/benchmark-tags).'),
};
const optionalFields = Object.fromEntries(OPTIONAL_QUESTIONS.map((q) => [q.id, optionalAnswer(q).optional()]));

/** The whole body, as the OpenAPI document publishes it. */
export const submitSchema = z
  .object({
    ...bodyFields,
    ...Object.fromEntries(PSYCHOMETRIC.map((q) => [q.id, answer])),
    ...optionalFields,
  })
  .loose();

/**
 * What `parseSubmission` gives zod: `submitSchema` without its 127 psychometric answers, which are
 * checked by `isAnswer` (the same rule: an integer from SCALE_MIN to SCALE_MAX). Zod spent about a
 * microsecond on each of them, the largest share of a submit's validation.
 */
const nonAnswerSchema = z.object({ ...bodyFields, ...optionalFields }).loose();

export interface Submission {
  email: string;
  fullName: string;
  benchmark?: BenchmarkTag;
  /** q5..q131. */
  answers: Record<string, number>;
  /** Answered optional questions other than q1 and q4 (which repeat full_name and email). */
  context: Record<string, string | number | boolean>;
}

export interface SubmissionProblems {
  message: string;
  missing: string[];
  invalid: string[];
  unknownBenchmarkTagId?: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const QUESTION_KEY = /^q\d+$/;
const LISTED = 10;

function summarise(missing: string[], invalid: string[], unknownTag: string | undefined): string {
  const parts: string[] = [];
  const list = (keys: string[]) => keys.slice(0, LISTED).join(', ') + (keys.length > LISTED ? ', …' : '');
  if (missing.length > 0) parts.push(`${missing.length} required field(s) missing (${list(missing)})`);
  const invalidOther = invalid.filter((key) => key !== 'benchmark_tag_id');
  if (invalidOther.length > 0) {
    parts.push(
      `${invalidOther.length} field(s) invalid (${list(invalidOther)}); q${PSYCHOMETRIC[0]?.number}–q${PSYCHOMETRIC.at(-1)?.number} take integers ${SCALE_MIN} to ${SCALE_MAX}`,
    );
  }
  if (unknownTag !== undefined) parts.push(`unknown benchmark_tag_id "${unknownTag}": use an id from GET /api/v1/benchmark-tags`);
  return `The submission cannot be scored: ${parts.join('; ')}.`;
}

/** The keys `nonAnswerSchema` knows, and an answers object to copy (one shape, so copies are cheap). */
const NON_ANSWER_KEYS = Object.keys(nonAnswerSchema.shape);
const ANSWERS_SHAPE: Record<string, number> = Object.fromEntries(PSYCHOMETRIC_IDS.map((id) => [id, 0]));

/** A parsed, scorable submission, or the problems that stop it. */
export function parseSubmission(body: Record<string, unknown>): { ok: true; submission: Submission } | ({ ok: false } & SubmissionProblems) {
  // Blank optional answers mean "not answered"; blank required ones are reported as missing.
  // Only the keys a rule is about are read (copying all 140 into a new object cost more than
  // checking them).
  const fields: Record<string, unknown> = {};
  for (const key of NON_ANSWER_KEYS) {
    const value = body[key];
    if (!isBlank(value)) fields[key] = value;
  }

  const missing = new Set<string>();
  const invalid = new Set<string>();
  // submitSchema's verdict, in two parts: zod for the body fields and optional questions, then
  // each psychometric answer by hand (absent → missing, failing the rule → invalid, as before).
  const parsed = nonAnswerSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (fields[key] === undefined) missing.add(key);
      else invalid.add(key);
    }
  }
  for (const id of PSYCHOMETRIC_IDS) {
    const value = body[id];
    if (isBlank(value)) missing.add(id);
    else if (!isAnswer(value)) invalid.add(id);
  }
  for (const key of Object.keys(body)) {
    if (QUESTION_KEY.test(key) && !questionById(key) && !isBlank(body[key])) invalid.add(key);
  }
  const tagId = typeof fields.benchmark_tag_id === 'string' ? fields.benchmark_tag_id : undefined;
  const tag = tagId === undefined ? undefined : benchmarkTag(tagId);
  const unknownTag = tagId !== undefined && !tag ? tagId : undefined;
  if (unknownTag !== undefined) invalid.add('benchmark_tag_id');

  if (!parsed.success || missing.size > 0 || invalid.size > 0) {
    const order = (keys: Set<string>) => [...keys].sort(byFieldOrder);
    const m = order(missing);
    const i = order(invalid);
    return { ok: false, message: summarise(m, i, unknownTag), missing: m, invalid: i, ...(unknownTag !== undefined ? { unknownBenchmarkTagId: unknownTag } : {}) };
  }

  const data = parsed.data as Record<string, unknown>;
  const answers = { ...ANSWERS_SHAPE };
  for (const id of PSYCHOMETRIC_IDS) answers[id] = body[id] as number;
  const context: Record<string, string | number | boolean> = {};
  for (const q of OPTIONAL_QUESTIONS) {
    if (q.submitField) continue;
    const value = data[q.id];
    if (value !== undefined) context[q.id] = value as string | number | boolean;
  }
  return {
    ok: true,
    submission: { email: data.email as string, fullName: data.full_name as string, ...(tag ? { benchmark: tag } : {}), answers, context },
  };
}

/** Body fields first, then questions by number. */
function byFieldOrder(a: string, b: string): number {
  const rank = (key: string) => {
    const fixed = ['email', 'full_name', 'benchmark_tag_id'].indexOf(key);
    if (fixed >= 0) return fixed - 10;
    return QUESTION_KEY.test(key) ? Number(key.slice(1)) : Number.MAX_SAFE_INTEGER;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
