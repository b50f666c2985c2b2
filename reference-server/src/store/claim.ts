import type { Claim, ClaimRequest } from './async-store.js';
import type { StoredRecord } from './store.js';

/** A record's lease as a store keeps it. */
export interface Lease {
  holder: string;
  until: number;
}

/**
 * What a claim of a record it found (unlocked) answers, given the record's lease: the one rule of
 * both stores, so they cannot drift. `claimed` means the caller now writes the new lease.
 */
export function decideClaim<T extends StoredRecord>(record: T, lease: Lease | undefined, request: ClaimRequest<T>): Claim<T> {
  if (lease && lease.holder !== request.holder && lease.until > request.now) return { outcome: 'held', holder: lease.holder, until: lease.until };
  if (request.when && !request.when(record)) return { outcome: 'declined', record };
  return { outcome: 'claimed', record };
}

export const leaseKey = (collection: string, scope: string, id: string) => `${collection}\u0000${scope}\u0000${id}`;
