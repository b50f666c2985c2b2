import ipaddr from 'ipaddr.js';

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (a peer address or a listen address). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return !!address && ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** True when the listen address is only reachable from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}
