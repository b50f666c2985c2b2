import type { AsyncReader, WriteOp } from './store/index.js';

/** What a listener sees of a published event (the webhook engine's EventRecord is one). */
export interface PublishedEvent {
  id: string;
  type: string;
  organization_id: string;
  data: Record<string, unknown>;
}

/**
 * An in-process reaction to an event: ops written in the same batch as the event itself (so the
 * reaction survives or vanishes with the change that caused it), read through `tx`, the
 * transaction that batch is in.
 */
export interface EventListener {
  types: readonly string[];
  opsFor(orgId: string, event: PublishedEvent, tx: AsyncReader): WriteOp[] | Promise<WriteOp[]>;
}

/**
 * The in-process side of publishing, built once by the composition root: the listeners that add
 * ops to a publishing write. Who is woken once such a write is durable is not its business: the
 * store's write hook tells the job runner (compose.ts).
 */
export class EventBus {
  readonly #listeners: EventListener[] = [];

  listen(listener: EventListener): void {
    this.#listeners.push(listener);
  }

  async opsFor(orgId: string, event: PublishedEvent, tx: AsyncReader): Promise<WriteOp[]> {
    const ops: WriteOp[] = [];
    for (const listener of this.#listeners) if (listener.types.includes(event.type)) ops.push(...(await listener.opsFor(orgId, event, tx)));
    return ops;
  }
}
