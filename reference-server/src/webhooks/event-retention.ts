import type { RetentionScan } from '../retention/index.js';
import { ATTEMPTS, EVENTS, OUTBOX, type AttemptRecord, type EventRecord, type OutboxEntry } from './webhook-records.js';

/**
 * Retention of the webhook log: events past their window with no delivery pending (an undelivered
 * event is never removed, whatever its age), and attempts past theirs except those of a pending delivery.
 */
export async function eventRetention(scan: RetentionScan): Promise<void> {
  const { db, now, windows } = scan;
  const pendingEvents = new Set<string>();
  const pendingDeliveries = new Set<string>();
  for (const scope of await db.scopes(OUTBOX)) {
    for (const entry of await db.all<OutboxEntry>(OUTBOX, scope)) {
      pendingEvents.add(entry.eventId);
      pendingDeliveries.add(entry.id);
    }
  }
  for (const scope of await db.scopes(EVENTS)) {
    if (scan.full()) return;
    scan.take(EVENTS, scope, await scan.expired<EventRecord>(EVENTS, scope, now - windows.eventsMs, (e) => Date.parse(e.created_at), (e) => pendingEvents.has(e.id)));
  }
  for (const scope of await db.scopes(ATTEMPTS)) {
    if (scan.full()) return;
    scan.take(ATTEMPTS, scope, await scan.expired<AttemptRecord>(ATTEMPTS, scope, now - windows.attemptsMs, (a) => Date.parse(a.at), (a) => pendingDeliveries.has(a.delivery_id)));
  }
}
