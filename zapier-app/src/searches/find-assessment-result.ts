import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { ASSESSMENT_LABELS, RESULT_KEY_LABELS, RESULT_SAMPLE } from '../assessment/samples.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';

type Result = typeof RESULT_SAMPLE;

/** One stored result per organisation and email; none is an empty search, not an error. */
const perform = async (z: ZObject, bundle: Bundle): Promise<Result[]> => {
  const response = await z.request<{ result: Result }>({
    url: apiUrl('/api/v1/assessment/results'),
    params: { email: String(bundle.inputData['email'] ?? '').trim() },
    middlewareData: { notFoundIsEmpty: true },
  });
  return response.status === 404 ? [] : [response.data.result];
};

export const findAssessmentResult = defineSearch({
  key: 'find_assessment_result',
  noun: 'Assessment Result',
  display: {
    label: 'Find Assessment Result',
    description: "Finds a person's scored assessment result by email.",
  },
  operation: {
    inputFields: [{ key: 'email', label: 'Email', type: 'string', required: true, helpText: 'Compared without regard to case.' }],
    perform,
    sample: RESULT_SAMPLE,
    outputFields: outputFieldsFrom(RESULT_SAMPLE, ASSESSMENT_LABELS, RESULT_KEY_LABELS),
  },
});
