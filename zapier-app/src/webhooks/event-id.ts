import type { OutputField } from '../output-fields.js';

/**
 * Deliveries are at least once: a retried event arrives again with the same id (`evt_…`, also the
 * `webhook-id` header). Every trigger item carries it as `event_id`, the item's only primary key,
 * so Zapier drops a repeat while a later event about the same record (a re-score, a replaced
 * result) still triggers (docs/decisions/zapier-trigger-event-id.md).
 */
export const EVENT_ID_FIELD: OutputField = { key: 'event_id', label: 'Event ID', type: 'string', primary: true };

/** A trigger's output fields: the event id first, as the primary key in place of any other. */
export const withEventIdField = (fields: OutputField[]): OutputField[] => [EVENT_ID_FIELD, ...fields.map(({ primary: _primary, ...field }) => field)];

export const withEventId = <O extends object>(eventId: string, output: O): { event_id: string } & O => ({ event_id: eventId, ...output });

/** Test records (performList) were delivered by no event: their id says so and names the record it was made from. */
export const listedEventId = (...recordKey: (string | number)[]): string => `listed_${recordKey.join('_')}`;

/** The sample's event id: the shape of an id the platform delivers. */
export const SAMPLE_EVENT_ID = 'evt_qllfqLaq7qEuBjmT';
