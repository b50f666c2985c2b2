import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { SUBMISSION_SAMPLE } from '../automation/samples.js';
import { evaluationOf, type Submission } from '../automation/evaluation.js';
import { submissionOutputFields } from '../automation/submission-fields.js';

/** Record IDs are unique per organisation: the list filtered by one has at most one item. */
const perform = async (z: ZObject, bundle: Bundle): Promise<Submission[]> => {
  const found = await evaluationOf(z, { recordId: String(bundle.inputData['record_id'] ?? '').trim() });
  return found ? [found] : [];
};

export const findSubmission = defineSearch({
  key: 'find_submission',
  noun: 'Submission',
  display: {
    label: 'Find Submission',
    description: 'Finds a submission by the Record ID you gave it.',
  },
  operation: {
    inputFields: [
      { key: 'record_id', label: 'Record ID', type: 'string', required: true, helpText: 'Your own ID for the person or deal, as sent when creating the submission.' },
    ],
    perform,
    sample: SUBMISSION_SAMPLE,
    outputFields: submissionOutputFields,
  },
});
