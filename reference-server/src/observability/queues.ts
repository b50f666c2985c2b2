import { CRM_SYNC } from '../assessments/index.js';
import type { JobQueue } from '../jobs/index.js';
import type { AsyncReader, StoredRecord } from '../store/index.js';
import { SUBMISSION_PROCESSING } from '../submissions/index.js';
import { WEBHOOK_DELIVERY } from '../webhooks/index.js';

export interface QueueFigures {
  depth: number;
  /** Age of the oldest entry. */
  oldestAgeMs: number;
  /** How long the most overdue entry has been due. */
  overdueMs: number;
}

interface QueueSource {
  /** The metric's label. */
  name: string;
  queue: JobQueue;
  enqueuedAt(record: StoredRecord): number;
  /** When the entry is next due (epoch ms); undefined = due since enqueued. */
  dueAt(record: StoredRecord): number | undefined;
}

const field = (record: StoredRecord, name: string): unknown => (record as unknown as Record<string, unknown>)[name];
const isoField = (name: string) => (record: StoredRecord) => Date.parse(String(field(record, name)));
const msField = (name: string) => (record: StoredRecord) => Number(field(record, name));

/** The durable job queues the metrics watch: each is a collection of pending entries only. */
const SOURCES: QueueSource[] = [
  { name: 'submission_scoring', queue: SUBMISSION_PROCESSING, enqueuedAt: isoField('enqueuedAt'), dueAt: () => undefined },
  { name: 'webhook_delivery', queue: WEBHOOK_DELIVERY, enqueuedAt: isoField('createdAt'), dueAt: msField('nextAttemptAt') },
  { name: 'crm_sync', queue: CRM_SYNC, enqueuedAt: msField('nextAttemptAt'), dueAt: msField('nextAttemptAt') },
];

/** Reads a queue at scrape time; cost grows with the pending entries, not with the store. */
async function scan(source: QueueSource, db: AsyncReader, now: number): Promise<QueueFigures> {
  const figures: QueueFigures = { depth: 0, oldestAgeMs: 0, overdueMs: 0 };
  const { collection } = source.queue;
  for (const scope of await db.scopes(collection)) {
    for (const record of await db.all(collection, scope)) {
      figures.depth += 1;
      const enqueued = source.enqueuedAt(record);
      if (Number.isFinite(enqueued)) figures.oldestAgeMs = Math.max(figures.oldestAgeMs, now - enqueued);
      const due = source.dueAt(record) ?? enqueued;
      if (Number.isFinite(due) && due <= now) figures.overdueMs = Math.max(figures.overdueMs, now - due);
    }
  }
  return figures;
}

export const QUEUES = SOURCES.map((source) => ({ name: source.name, scan: (db: AsyncReader, now: number) => scan(source, db, now) }));
