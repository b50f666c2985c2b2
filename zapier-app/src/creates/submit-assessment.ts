import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { answerQuestions, fetchInstrument, type Question } from '../assessment/instrument.js';
import { ASSESSMENT_LABELS, RESULT_KEY_LABELS, SUBMIT_SAMPLE } from '../assessment/samples.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';

/**
 * One input per question, rendered from the instrument the organisation's key sees (question
 * texts change between versions, so nothing here hard-codes them). Required answers are the
 * 127 psychometric items; the demographic and closing questions are optional context.
 */
function answerField(question: Question) {
  const base = {
    key: question.id,
    label: `${question.id.toUpperCase()}: ${question.text}`,
    required: question.required,
  };
  switch (question.type) {
    case 'likert':
    case 'single_choice':
      return {
        ...base,
        type: question.type === 'likert' ? ('integer' as const) : ('string' as const),
        choices: (question.options ?? []).map((o) => ({ value: String(o.value), label: `${o.value} — ${o.label}`, sample: String(o.value) })),
      };
    case 'boolean':
      return { ...base, type: 'boolean' as const };
    case 'long_text':
      return { ...base, type: 'text' as const };
    default:
      return { ...base, type: 'string' as const };
  }
}

/** The 127 required answers first, then the optional context questions and the benchmark tag. */
const answerFields = async (z: ZObject) => {
  const fields = answerQuestions(await fetchInstrument(z)).map(answerField);
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required), BENCHMARK_TAG_FIELD];
};

const BENCHMARK_TAG_FIELD = {
        key: 'benchmark_tag_id',
        label: 'Benchmark Tag',
        dynamic: 'benchmark_tags.id.name',
        required: false,
        helpText: "Score against this industry benchmark's norms. Leave empty for the general adult reference.",
      };

const TRUE = new Set(['true', 'yes', '1']);

/** Zapier hands every mapped value over as text; the API wants integers for likert items and booleans for yes/no questions. */
function answerValue(question: Question, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (question.type === 'likert') return typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : value;
  if (question.type === 'boolean') return typeof value === 'boolean' ? value : TRUE.has(String(value).trim().toLowerCase());
  return value;
}

const perform = async (z: ZObject, bundle: Bundle) => {
  const { email, full_name: fullName, benchmark_tag_id: tag } = bundle.inputData as Record<string, unknown>;
  const body: Record<string, unknown> = { email, full_name: fullName, ...(tag ? { benchmark_tag_id: tag } : {}) };
  for (const question of answerQuestions(await fetchInstrument(z))) {
    const value = answerValue(question, bundle.inputData[question.id]);
    if (value !== undefined) body[question.id] = value;
  }
  const response = await z.request<typeof SUBMIT_SAMPLE>({ url: apiUrl('/api/v1/assessment/submit'), method: 'POST', body });
  return response.data;
};

export const submitAssessment = defineCreate({
  key: 'submit_assessment',
  noun: 'Assessment',
  display: {
    label: 'Submit Assessment',
    description:
      "Scores a person's answers to the assessment and stores the result (replacing an earlier result for the same email).",
  },
  operation: {
    inputFields: [
      { key: 'email', label: 'Email', type: 'string', required: true, helpText: 'Identifies the result: a later submit for the same email replaces it.' },
      { key: 'full_name', label: 'Full Name', type: 'string', required: true },
      answerFields,
    ],
    perform,
    sample: SUBMIT_SAMPLE,
    outputFields: outputFieldsFrom(SUBMIT_SAMPLE, ASSESSMENT_LABELS, RESULT_KEY_LABELS),
  },
});
