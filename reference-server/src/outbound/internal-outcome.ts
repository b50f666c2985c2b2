/**
 * What a log or report says of an exchange with an internal address (one the operator's allowlist
 * let through on a shared server, `PostResponse.internal`): the outcome's class, never the
 * answer's headers or body, the exact status, the latency or the network error, which would let
 * an organisation's admin read the operator's services or scan their ports. `ECONNREFUSED` and a
 * timeout read alike. The delivery log and the certification's receiver probes both say this.
 */

/** `404` → `4xx`. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export const INTERNAL_NO_ANSWER = 'no answer from an internal address (the detail is not kept)';
export const internalAnswerText = (status: number): string => `HTTP ${statusClass(status)} from an internal address (only the class is kept)`;
