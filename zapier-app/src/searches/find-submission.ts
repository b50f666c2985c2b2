import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { SUBMISSION_SAMPLE } from '../automation/samples.js';
import { submissionOutputFields, type Submission } from '../automation/submission-fields.js';
import { listSubmissions } from '../automation/submissions.js';

/** Record IDs are unique per organisation: the list filtered by one has at most one item. */
const perform = async (z: ZObject, bundle: Bundle): Promise<Submission[]> =>
  listSubmissions(z, { record_id: String(bundle.inputData['record_id'] ?? '').trim(), limit: 1 });

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
