export const systemClock = {
    now: () => Date.now(),
    schedule(ms, fn) {
        const timer = setTimeout(fn, Math.max(0, ms));
        timer.unref();
        return () => clearTimeout(timer);
    },
};
/** A clock that only moves when told to; `advance` runs every task that falls due, in order. */
export class ManualClock {
    #now;
    #pending = [];
    constructor(start = Date.UTC(2026, 0, 1)) {
        this.#now = start;
    }
    now() {
        return this.#now;
    }
    schedule(ms, fn) {
        const task = { at: this.#now + Math.max(0, ms), fn, cancelled: false };
        this.#pending.push(task);
        return () => {
            task.cancelled = true;
        };
    }
    advance(ms) {
        const target = this.#now + ms;
        for (;;) {
            const due = this.#pending
                .filter((t) => !t.cancelled && t.at <= target)
                .sort((a, b) => a.at - b.at)[0];
            if (!due)
                break;
            this.#pending.splice(this.#pending.indexOf(due), 1);
            this.#now = due.at;
            due.fn();
        }
        this.#now = target;
        this.#pending = this.#pending.filter((t) => !t.cancelled);
    }
}
//# sourceMappingURL=clock.js.map