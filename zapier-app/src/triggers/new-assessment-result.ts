import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { RESULT_EVENT_SAMPLE, resultEventFromStored, resultEventOutput, resultEventOutputFields, type ResultEvent } from '../assessment/result-events.js';
import type { RESULT_SAMPLE } from '../assessment/samples.js';
import { apiUrl } from '../config.js';
import { requireKey } from '../keys.js';
import { listedEventId, SAMPLE_EVENT_ID, withEventId, withEventIdField } from '../webhooks/event-id.js';
import { restHook } from '../webhooks/rest-hook.js';

/** At most this many Test Emails are looked up: one request each. */
const MAX_TEST_EMAILS = 10;

const isYes = (value: unknown): boolean => value === true || /^(true|yes|1)$/i.test(String(value ?? '').trim());

/** A first result only, or also each later submit that replaces a person's result. */
export const eventsFor = (bundle: Pick<Bundle, 'inputData'>): string[] =>
  isYes(bundle.inputData['include_replaced']) ? ['assessment.completed', 'assessment.replaced'] : ['assessment.completed'];

/** A list field arrives as an array, a value mapped into it as one comma-separated text. */
function testEmails(value: unknown): string[] {
  const raw = (Array.isArray(value) ? value : [value]).flatMap((entry) => String(entry ?? '').split(/[,;\s]+/));
  const unique = new Map(raw.filter((email) => email.includes('@')).map((email) => [email.toLowerCase(), email]));
  return [...unique.values()].slice(0, MAX_TEST_EMAILS);
}

const hook = restHook<Record<string, unknown>, ResultEvent>({
  path: '/api/v1/webhooks',
  events: eventsFor,
  label: 'New Assessment Result',
  toOutput: (_z, event) => resultEventOutput(event.data),
});

/**
 * The Assessment API lists no results (the results endpoint finds one by email or id), so test
 * records are the current results of the people named in Test Emails, newest first, in the
 * event's shape (docs/decisions/zapier-assessment-result-trigger.md).
 */
const performList = async (z: ZObject, bundle: Bundle): Promise<({ event_id: string } & ResultEvent)[]> => {
  // Checked even with nothing to look up: testing the trigger is where a missing key shows first.
  requireKey(z, bundle, 'assessment');
  const found = await Promise.all(
    testEmails(bundle.inputData['test_emails']).map((email) =>
      z.request<{ result: typeof RESULT_SAMPLE }>({ url: apiUrl('/api/v1/assessment/results'), params: { email }, middlewareData: { notFoundIsEmpty: true } }),
    ),
  );
  return found
    .filter((response) => response.status !== 404)
    .map((response) => resultEventFromStored(response.data.result))
    .sort((a, b) => b.submitted_at.localeCompare(a.submitted_at))
    .map((result) => withEventId(listedEventId(result.result_id, result.revision), result));
};

export const newAssessmentResult = defineTrigger({
  key: 'new_assessment_result',
  noun: 'Assessment Result',
  display: {
    label: 'New Assessment Result',
    description: "Triggers when a person's assessment is scored (optionally also when a later submit replaces their result).",
  },
  operation: {
    inputFields: [
      {
        key: 'include_replaced',
        label: 'Include Replaced Results',
        type: 'boolean',
        default: 'false',
        helpText:
          'A person who submits the assessment again replaces their result (same Result ID, Revision + 1). **Yes** triggers for those too; **No** triggers only for a first result.',
      },
      {
        key: 'test_emails',
        label: 'Test Emails',
        type: 'string',
        list: true,
        required: false,
        helpText:
          "Only used when you test this trigger in the Zap editor: the current results of these people (up to 10 emails) are loaded as test records, because the platform offers no list of recent results. Leave empty to use the sample.",
      },
    ],
    ...hook,
    performList,
    sample: withEventId(SAMPLE_EVENT_ID, RESULT_EVENT_SAMPLE),
    outputFields: withEventIdField(resultEventOutputFields),
  },
});
