import { isLoopbackHost } from './transport/loopback.js';
/**
 * Whether people other than the machine's own user reach this server: it listens on a
 * non-loopback address, or a proxy stands in front (`--trust-proxy`, or a public URL that is not
 * loopback). A loopback server with neither is someone's own machine.
 */
export function isSharedServer(config) {
    if (!isLoopbackHost(config.host) || config.trustProxy !== undefined)
        return true;
    if (!config.publicUrl)
        return false;
    try {
        return !isLoopbackHost(new URL(config.publicUrl).hostname);
    }
    catch {
        return true;
    }
}
/**
 * The outbound allowlist when the operator gives none (`start`, `startTestServer`): on someone's
 * own machine a local n8n or test receiver on 127.0.0.1 is the point; on a shared server the
 * host's loopback holds its own services (the operator endpoint among them), so nothing private
 * is reachable until the operator names it (docs/decisions/webhooks-outbound-by-listen-address.md).
 */
export function defaultOutboundAllowlist(config) {
    return isSharedServer(config) ? [] : ['127.0.0.1'];
}
export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export function defaultConfig(overrides) {
    return {
        host: DEFAULT_HOST,
        port: DEFAULT_PORT,
        logLevel: 'info',
        seed: true,
        introspection: false,
        outboundAllowlist: [],
        ...overrides,
    };
}
//# sourceMappingURL=config.js.map