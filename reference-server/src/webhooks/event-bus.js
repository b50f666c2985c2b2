/**
 * The in-process side of publishing, built once by the composition root: the listeners that add
 * ops to a publishing write, and who is told once such a write is durable (the job runner, which
 * picks up the outbox entries and jobs among the ops).
 */
export class EventBus {
    #listeners = [];
    #afterCommit = [];
    listen(listener) {
        this.#listeners.push(listener);
    }
    afterCommit(fn) {
        this.#afterCommit.push(fn);
    }
    opsFor(orgId, event) {
        return this.#listeners.filter((l) => l.types.includes(event.type)).flatMap((l) => l.opsFor(orgId, event));
    }
    committed(ops) {
        for (const fn of this.#afterCommit)
            fn(ops);
    }
}
//# sourceMappingURL=event-bus.js.map