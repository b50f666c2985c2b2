import { lookup as dnsLookup } from 'node:dns';
/** A destination the SSRF guard refuses; `reason` names the address and its range. */
export class OutboundRefusedError extends Error {
    host;
    reason;
    code = 'EOUTBOUNDREFUSED';
    constructor(host, reason) {
        super(`refused to connect to ${host}: ${reason}`);
        this.host = host;
        this.reason = reason;
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
export function guardedLookup(policy) {
    return (hostname, options, callback) => {
        dnsLookup(hostname, { ...options, all: true }, (error, resolved) => {
            if (error) {
                callback(error, '', 0);
                return;
            }
            const hostAllowed = policy.allowsHost(hostname);
            const refusals = [];
            const usable = resolved.filter((entry) => {
                const refusal = hostAllowed ? undefined : policy.refusal(entry.address);
                if (refusal)
                    refusals.push(refusal);
                return refusal === undefined;
            });
            const first = usable[0];
            if (!first) {
                callback(new OutboundRefusedError(hostname, refusals.join(', ') || 'no address'), '', 0);
                return;
            }
            if (options.all)
                callback(null, usable);
            else
                callback(null, first.address, first.family);
        });
    };
}
//# sourceMappingURL=guarded-lookup.js.map