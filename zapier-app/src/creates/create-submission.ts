import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { SUBMISSION_SAMPLE } from '../automation/samples.js';
import { submissionOutputFields } from '../automation/submission-fields.js';
import { requireEvaluation } from '../automation/evaluation.js';
import { apiUrl } from '../config.js';

/** The person or deal: the named inputs win over the same keys typed into Other Fields. */
export function submissionFields(input: Record<string, unknown>): Record<string, unknown> {
  const other = input['fields'] && typeof input['fields'] === 'object' ? (input['fields'] as Record<string, unknown>) : {};
  const named = Object.fromEntries(['email', 'name', 'company'].filter((k) => input[k] !== undefined && input[k] !== '').map((k) => [k, input[k]]));
  return { ...other, ...named };
}

/** Sends of a create whose connection dropped before the answer (Zapier itself resends no step). */
const CREATE_ATTEMPTS = 3;

/** A request that never got an answer (reset, timeout): the platform's errors carry a status instead. */
const lostAnswer = (z: ZObject, error: unknown) => error instanceof Error && !(error instanceof z.errors.Error) && !('status' in error);

/**
 * Queues the submission (a repeated Record ID with the same data answers the existing one), then
 * reads it back, so this step returns the same Submission as Find Submission and the triggers
 * — what Find or Create needs. A create whose answer was lost is sent again with the same body:
 * the Record ID makes that safe (the certification's api.idempotent-create).
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = bundle.inputData as Record<string, unknown>;
  const filters = Array.isArray(input['filters']) ? input['filters'].filter((f) => f !== '' && f !== null) : [];
  const body = {
    record_id: input['record_id'],
    profile_id: input['profile_id'],
    fields: submissionFields(input),
    ...(filters.length ? { filters } : {}),
    source: input['source'] || 'zapier',
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await z.request<{ status: string; job_id: string; submission_id: string; record_id: string }>({ url: apiUrl('/api/automation/submissions'), method: 'POST', body });
      return await requireEvaluation(z, created.data.submission_id);
    } catch (error) {
      if (attempt >= CREATE_ATTEMPTS || !lostAnswer(z, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
};

export const createSubmission = defineCreate({
  key: 'create_submission',
  noun: 'Submission',
  display: {
    label: 'Create Submission',
    description: 'Queues a person or deal for evaluation against a profile (sending the same Record ID again returns the existing submission).',
  },
  operation: {
    inputFields: [
      { key: 'profile_id', label: 'Profile', dynamic: 'profiles.id.name', required: true, helpText: 'The investment or success profile to evaluate against (set up in the workspace under Profiles).' },
      { key: 'record_id', label: 'Record ID', type: 'string', required: true, helpText: 'Your own unique ID for this person or deal, e.g. the CRM record ID.' },
      { key: 'email', label: 'Email', type: 'string', required: false },
      { key: 'name', label: 'Name', type: 'string', required: false },
      { key: 'company', label: 'Company', type: 'string', required: false },
      {
        key: 'fields',
        label: 'Other Fields',
        dict: true,
        required: false,
        helpText: "Any other attributes of the person or deal, as key and value (e.g. `stage` → `seed`, `linkedin` → profile URL). The profile's criteria name the keys they read.",
      },
      {
        key: 'filters',
        label: 'Filters',
        type: 'string',
        list: true,
        required: false,
        helpText: 'Optional labels the workspace filters submissions by (e.g. `fintech`, `batch-12`); stored as given.',
      },
      { key: 'source', label: 'Source', type: 'string', required: false, default: 'zapier', helpText: 'Where this submission came from.' },
    ],
    perform,
    sample: SUBMISSION_SAMPLE,
    outputFields: submissionOutputFields,
  },
});
