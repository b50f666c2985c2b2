import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the server may send to on a partner's behalf.
 *
 * Only public unicast addresses are allowed by default: private (RFC 1918), loopback, link-local
 * (which holds the cloud metadata address 169.254.169.254), unique-local, carrier-grade NAT
 * (100.64/10, e.g. Alibaba's metadata at 100.100.100.200), unspecified, multicast, broadcast and
 * reserved ranges are refused. An IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
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
};

function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it maps.
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
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
      const range = address.range();
      if (range === 'unicast') return undefined;
      return `${RANGE_NAMES[range] ?? range} address ${address.toString()}`;
    },
    allowsHost(hostname) {
      return hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
    },
  };
}
