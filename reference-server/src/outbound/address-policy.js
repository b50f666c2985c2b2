import ipaddr from 'ipaddr.js';
const RANGE_NAMES = {
    private: 'private',
    loopback: 'loopback',
    linkLocal: 'link-local (cloud metadata)',
    uniqueLocal: 'unique-local',
    carrierGradeNat: 'carrier-grade NAT',
    unspecified: 'unspecified',
    multicast: 'multicast',
    broadcast: 'broadcast',
    reserved: 'reserved',
    ipv4Compatible: 'IPv4-compatible IPv6 (::/96)',
};
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** The range name of an address, with `::/96` (which ipaddr.js calls unicast) named on its own. */
function rangeOf(address) {
    const range = address.range();
    if (range === 'unicast' && address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE))
        return 'ipv4Compatible';
    return range;
}
/**
 * An IPv6 literal in the hex form the WHATWG URL parser (and so the socket) uses: ipaddr.js reads
 * `::8.8.8.8` (IPv4-compatible) as if it were `::ffff:8.8.8.8` (IPv4-mapped), which would judge
 * it as the public 8.8.8.8; the URL parser writes it `::808:808`, which is what is connected to.
 */
function canonicalIpv6(bare) {
    if (!bare.includes(':') || !bare.includes('.'))
        return bare;
    try {
        return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    }
    catch {
        return bare;
    }
}
function normalise(address) {
    const bare = canonicalIpv6(address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address);
    // process() turns an IPv4-mapped IPv6 address into the IPv4 address it maps.
    return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}
export function isIpLiteral(host) {
    return normalise(host) !== undefined;
}
export function addressPolicy(allowlist) {
    const ranges = [];
    const hosts = new Set();
    for (const raw of allowlist) {
        const entry = raw.trim().toLowerCase();
        if (!entry)
            continue;
        if (entry.includes('/') && ipaddr.isValidCIDR(entry)) {
            ranges.push(ipaddr.parseCIDR(entry));
            continue;
        }
        const address = normalise(entry);
        if (address)
            ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
        else
            hosts.add(entry.replace(/\.$/, ''));
    }
    const allowed = (address) => ranges.some(([base, bits]) => base.kind() === address.kind() && address.match([base, bits]));
    return {
        refusal(raw) {
            const address = normalise(raw);
            if (!address)
                return `not an IP address: ${raw}`;
            if (allowed(address))
                return undefined;
            const range = rangeOf(address);
            if (range === 'unicast')
                return undefined;
            return `${RANGE_NAMES[range] ?? range} address ${address.toString()}`;
        },
        allowsHost(hostname) {
            return hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
        },
        isPublic(raw) {
            const address = normalise(raw);
            return address !== undefined && rangeOf(address) === 'unicast';
        },
    };
}
//# sourceMappingURL=address-policy.js.map