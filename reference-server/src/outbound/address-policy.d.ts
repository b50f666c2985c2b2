/**
 * Which network addresses the server may send to on a partner's behalf.
 *
 * Only public unicast addresses are allowed by default: private (RFC 1918), loopback, link-local
 * (which holds the cloud metadata address 169.254.169.254), unique-local, carrier-grade NAT
 * (100.64/10, e.g. Alibaba's metadata at 100.100.100.200), unspecified, multicast, broadcast and
 * reserved ranges are refused. An IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 * IPv4-compatible IPv6 (`::/96`, deprecated by RFC 4291 §2.5.5.1, e.g. `[::7f00:1]`) is refused
 * whatever it embeds: ipaddr.js calls it unicast, yet a host may route it to the IPv4 address
 * inside (127.0.0.1 for `::7f00:1`), and no real receiver is reached that way.
 *
 * The allowlist (`ServerConfig.outboundAllowlist`) takes single addresses (`127.0.0.1`, `::1`),
 * CIDR ranges (`10.20.0.0/16`) and host names (`n8n.internal`); a host name entry lets that name
 * through whatever it resolves to, an address or range lets matching resolved addresses through.
 */
export interface AddressPolicy {
    /** Undefined when the address may be reached, else why not (e.g. "private address 10.0.0.1"). */
    refusal(address: string): string | undefined;
    /** True when the host name itself is on the allowlist. */
    allowsHost(hostname: string): boolean;
    /**
     * True when the address is public unicast: reachable without the allowlist. An allowed
     * address that is not public is the operator's internal network, whose answers the delivery
     * log must not show to an organisation's admin.
     */
    isPublic(address: string): boolean;
}
export declare function isIpLiteral(host: string): boolean;
export declare function addressPolicy(allowlist: readonly string[]): AddressPolicy;
