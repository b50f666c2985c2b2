import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';

/** A destination the SSRF guard refuses; `reason` names the address and its range. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`refused to connect to ${host}: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

/**
 * A `lookup` for node:net/http that resolves the name and hands the socket only the addresses
 * the policy allows. It runs at connect time, for every connection, so a name that resolved to
 * a public address when the subscription was made and to 10.0.0.1 now (DNS rebinding) is
 * refused now. Disallowed addresses are dropped, not fatal, so `localhost` with only 127.0.0.1
 * allowed still connects over 127.0.0.1 rather than ::1.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, resolved: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const hostAllowed = policy.allowsHost(hostname);
      const refusals: string[] = [];
      const usable = resolved.filter((entry) => {
        const refusal = hostAllowed ? undefined : policy.refusal(entry.address);
        if (refusal) refusals.push(refusal);
        return refusal === undefined;
      });
      const first = usable[0];
      if (!first) {
        callback(new OutboundRefusedError(hostname, refusals.join(', ') || 'no address'), '', 0);
        return;
      }
      if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}
