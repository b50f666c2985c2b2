import type { ServerConfig } from './config.js';
import { addressPolicy } from './outbound/index.js';
import { isLoopbackHost } from './loopback.js';

/**
 * Settings that are each fine alone and a trap on a shared sandbox: the server still starts (an
 * operator may know better), but `start` prints and logs why each one is risky and what to do.
 * See docs/operations.md#warnings-at-start.
 */
export interface SandboxWarning {
  /** Stable, for log queries: `trust-proxy-direct`, `loopback-outbound-shared`, `insecure-cookies`. */
  id: string;
  text: string;
}

type WarnedConfig = Pick<ServerConfig, 'host' | 'trustProxy' | 'insecureHttp' | 'publicUrl' | 'outboundAllowlist'>;

/** Whether webhook and CRM deliveries may reach this machine's own loopback services. */
export function outboundReachesLoopback(config: Pick<ServerConfig, 'outboundAllowlist'>): boolean {
  const policy = addressPolicy(config.outboundAllowlist);
  return policy.refusal('127.0.0.1') === undefined || policy.refusal('::1') === undefined || policy.allowsHost('localhost');
}

/** Said at start and at `org create` when a second organisation joins a server whose outbound reaches loopback. */
export function loopbackOutboundWarning(config: Pick<ServerConfig, 'outboundAllowlist'>, organisations: number): SandboxWarning | undefined {
  if (organisations < 2 || !outboundReachesLoopback(config)) return undefined;
  return {
    id: 'loopback-outbound-shared',
    text:
      `${organisations} organisations share this server, and its outbound allowlist (${config.outboundAllowlist.join(', ')}) lets webhooks reach this machine's loopback: ` +
      "any organisation's admin can send requests to the services listening there and read their answers in the delivery log. " +
      'Give --allow-outbound without loopback addresses, or keep one organisation per server.',
  };
}

export function startWarnings(config: WarnedConfig, organisations: number): SandboxWarning[] {
  const warnings: SandboxWarning[] = [];
  // A hop count believes whoever connects; a list of proxy addresses believes only those peers.
  if (typeof config.trustProxy === 'number' && !isLoopbackHost(config.host)) {
    warnings.push({
      id: 'trust-proxy-direct',
      text:
        `--trust-proxy ${config.trustProxy} believes X-Forwarded-For from any peer, and the server listens on ${config.host}: a client that reaches it directly, ` +
        'not through the proxy, picks its own address (rate limits, the sign-in throttle, logs). Listen where only the proxy reaches (--host 127.0.0.1 ' +
        "or a private interface), firewall the port, or give --trust-proxy the proxy's addresses instead of a hop count.",
    });
  }
  const loopback = loopbackOutboundWarning(config, organisations);
  if (loopback) warnings.push(loopback);
  if (config.insecureHttp && !(config.publicUrl ?? '').startsWith('https:')) {
    warnings.push({
      id: 'insecure-cookies',
      text:
        '--insecure-http without an https --public-url: session and CSRF cookies are set without Secure (a browser sends them over plain HTTP too) ' +
        'and links and the OAuth issuer say http. Give --public-url https://… , the address people reach through the TLS-terminating proxy.',
    });
  }
  return warnings;
}
