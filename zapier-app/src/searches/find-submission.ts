import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { SUBMISSION_SAMPLE } from '../automation/samples.js';
import { evaluationOf, searchEvaluation, type Submission } from '../automation/evaluation.js';
import { submissionOutputFields } from '../automation/submission-fields.js';

/**
 * By Record ID (unique per organisation: one match at most), else by the API's search over names,
 * companies and emails: among the 25 newest matches, the one holding the most typed words whole.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<Submission[]> => {
  const recordId = String(bundle.inputData['record_id'] ?? '').trim();
  const query = String(bundle.inputData['query'] ?? '').trim();
  if (!recordId && !query) throw new z.errors.Error('Give a Record ID, or a name, company or email to search for.', 'invalid_input', 400);
  const found = recordId ? await evaluationOf(z, { recordId }) : await searchEvaluation(z, query);
  return found ? [found] : [];
};

export const findSubmission = defineSearch({
  key: 'find_submission',
  noun: 'Submission',
  display: {
    label: 'Find Submission',
    description: 'Finds a submission by the Record ID you gave it, or by the name, company or email of the person or deal.',
  },
  operation: {
    inputFields: [
      { key: 'record_id', label: 'Record ID', type: 'string', required: false, helpText: 'Your own ID for the person or deal, as sent when creating the submission. Leave empty to search by name instead.' },
      {
        key: 'query',
        label: 'Name, Company or Email',
        type: 'string',
        required: false,
        helpText: 'Used when Record ID is empty: the start of any word of the name, company or email, in any case (e.g. "grace hop"). The best match is returned (the most words typed whole, then the newest), however old it is.',
      },
    ],
    perform,
    sample: SUBMISSION_SAMPLE,
    outputFields: submissionOutputFields,
  },
});
