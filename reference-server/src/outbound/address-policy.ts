import ipaddr from 'ipaddr.js';

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

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const RANGE_NAMES: Record<string, string> = {
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
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  const range = address.range();
  if (range === 'unicast' && address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return range;
}

/**
 * An IPv6 literal in the hex form the WHATWG URL parser (and so the socket) uses: ipaddr.js reads
 * `::8.8.8.8` (IPv4-compatible) as if it were `::ffff:8.8.8.8` (IPv4-mapped), which would judge
 * it as the public 8.8.8.8; the URL parser writes it `::808:808`, which is what is connected to.
 */
function canonicalIpv6(bare: string): string {
  if (!bare.includes(':') || !bare.includes('.')) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return bare;
  }
}

function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = canonicalIpv6(address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address);
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it maps.
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/**
 * `localhost`, `localhost.` and any `….localhost` name, in any case: loopback by definition (RFC
 * 6761 §6.3), whatever this machine's resolver says of them now (`localhost.` does not resolve
 * everywhere, and a name that does not resolve at registration is otherwise accepted).
 */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export function isIpLiteral(host: string): boolean {
  return normalise(host) !== undefined;
}

export function addressPolicy(allowlist: readonly string[]): AddressPolicy {
  const ranges: Range[] = [];
  const hosts = new Set<string>();
  for (const raw of allowlist) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) {
      ranges.push(ipaddr.parseCIDR(entry));
      continue;
    }
    const address = normalise(entry);
    if (address) ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    else hosts.add(entry.replace(/\.$/, ''));
  }
  const allowed = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
    ranges.some(([base, bits]) => base.kind() === address.kind() && address.match([base, bits]));

  return {
    refusal(raw) {
      const address = normalise(raw);
      if (!address) return `not an IP address: ${raw}`;
      if (allowed(address)) return undefined;
      const range = rangeOf(address);
      if (range === 'unicast') return undefined;
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
