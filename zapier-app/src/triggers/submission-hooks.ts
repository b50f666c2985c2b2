import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { SUBMISSION_SAMPLE } from '../automation/samples.js';
import { requireEvaluation, type Submission } from '../automation/evaluation.js';
import { submissionOutputFields } from '../automation/submission-fields.js';
import { listSubmissions } from '../automation/submissions.js';
import { listedEventId, SAMPLE_EVENT_ID, withEventId, withEventIdField } from '../webhooks/event-id.js';
import { restHook } from '../webhooks/rest-hook.js';

const SUBMISSION_EVENT_SAMPLE = withEventId(SAMPLE_EVENT_ID, SUBMISSION_SAMPLE);
const submissionEventOutputFields = withEventIdField(submissionOutputFields);

/** How many recent submissions performList offers as samples. */
const SAMPLES = 3;

function submissionHook(options: { key: string; label: string; description: string; event: string; status?: string }) {
  const hook = restHook<{ id: string }, Submission>({
    path: '/api/automation/webhooks',
    events: [options.event],
    label: options.label,
    // The delivery names the submission; its evaluation is read the way performList reads it.
    toOutput: (z, event) => requireEvaluation(z, event.data.id),
  });
  const performList = async (z: ZObject, _bundle: Bundle) => {
    const listed = await listSubmissions(z, { limit: SAMPLES, ...(options.status ? { status: options.status } : {}) });
    return listed.map((submission) => withEventId(listedEventId(submission.id), submission));
  };
  return defineTrigger({
    key: options.key,
    noun: 'Submission',
    display: { label: options.label, description: options.description },
    operation: { ...hook, performList, sample: SUBMISSION_EVENT_SAMPLE, outputFields: submissionEventOutputFields },
  });
}

export const newSubmission = submissionHook({
  key: 'new_submission',
  label: 'New Submission',
  description: 'Triggers when a submission is queued for evaluation.',
  event: 'submission.queued',
});

export const submissionCompleted = submissionHook({
  key: 'submission_completed',
  label: 'Submission Completed',
  description: 'Triggers when a submission has been scored against its profile (again when a later attachment or assessment re-scores it).',
  event: 'submission.completed',
  status: 'completed',
});

export const submissionFailed = submissionHook({
  key: 'submission_failed',
  label: 'Submission Failed',
  description: 'Triggers when a submission could not be scored, e.g. because a field its profile requires is missing.',
  event: 'submission.failed',
  status: 'failed',
});
