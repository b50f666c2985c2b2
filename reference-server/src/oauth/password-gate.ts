/**
 * One password check at a time per client address. Each check is a scrypt (~0.4 s of CPU and
 * 128 MiB), so a burst of bogus sign-ins from one address would otherwise queue ahead of everyone
 * else's; serialised per address, a burst costs its sender the wait, not the other users. A few
 * may wait in line (people behind one NAT signing in together); beyond that the attempt is
 * refused at once without a check.
 */
export class PasswordCheckGate {
  readonly #lines = new Map<string, { tail: Promise<void>; pending: number }>();

  constructor(readonly maxWaiting = 4) {}

  /** Runs `check` after this address's earlier checks; `busy` (and `check` not run) when too many wait. */
  async run<T>(address: string, check: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
    const line = this.#lines.get(address) ?? { tail: Promise.resolve(), pending: 0 };
    if (line.pending > this.maxWaiting) return { busy: true };
    line.pending += 1;
    this.#lines.set(address, line);
    const result = line.tail.then(check);
    line.tail = result.then(
      () => undefined,
      () => undefined,
    );
    try {
      return { busy: false, value: await result };
    } finally {
      line.pending -= 1;
      if (line.pending === 0) this.#lines.delete(address);
    }
  }
}
