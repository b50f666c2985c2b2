import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';
/** A destination the SSRF guard refuses; `reason` names the address and its range. */
export declare class OutboundRefusedError extends Error {
    readonly host: string;
    readonly reason: string;
    readonly code = "EOUTBOUNDREFUSED";
    constructor(host: string, reason: string);
}
/**
 * A `lookup` for node:net/http that resolves the name and hands the socket only the addresses
 * the policy allows. It runs at connect time, for every connection, so a name that resolved to
 * a public address when the subscription was made and to 10.0.0.1 now (DNS rebinding) is
 * refused now. Disallowed addresses are dropped, not fatal, so `localhost` with only 127.0.0.1
 * allowed still connects over 127.0.0.1 rather than ::1.
 */
export declare function guardedLookup(policy: AddressPolicy): LookupFunction;
