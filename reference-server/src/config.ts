import { isLoopbackHost } from './loopback.js';

/**
 * Everything a running server can be told. Defaults are the documented ones; the CLI maps flags
 * and environment variables onto this shape (see `reference-server start --help`).
 */
/** The PEM files of `--tls-cert` and `--tls-key`. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface ServerConfig {
  /** The data folder (file store); on a database, uploaded files and nothing else of the sandbox's state. */
  dataDir: string;
  /**
   * `postgres://…`: keep the sandbox in this PostgreSQL database instead of the data folder, so any
   * number of servers serve as one (docs/hosted-sandbox.md). The master key must then come from
   * REFERENCE_SERVER_MASTER_KEY.
   */
  databaseUrl?: string;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** The URL partners reach the server at; the OAuth issuer. Defaults to http://host:port. */
  publicUrl?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the demo organisation when the data folder is empty. */
  seed: boolean;
  /** GraphQL introspection, off by default: the spec does not promise a public schema. */
  introspection: boolean;
  /** Hosts or CIDR ranges webhook and CRM deliveries may reach despite the SSRF guard. */
  outboundAllowlist: string[];
  /** Automation API: requests per key per minute (default 1200; 0 turns the limit off). */
  automationRateLimitPerMinute?: number;
  /** Automation API: largest uploaded resource or transcript file, in bytes (default 10 MiB). */
  automationMaxUploadBytes?: number;
  /** OAuth: seconds a rotated refresh token still returns its successor pair (default 60). */
  refreshGraceSeconds?: number;
  /** OAuth: lifetime of a refresh token, in seconds (default 30 days). */
  refreshTokenTtlSeconds?: number;
  /** Invite pages: requests per invite link per 10 minutes (default 600; 0 = no limit). */
  invitePageRequestsPerInvite?: number;
  /** Invite pages: requests per client address per 10 minutes (default 1200; 0 = no limit). */
  invitePageRequestsPerAddress?: number;
  /** Certification runs an organisation may have running at once (default 5). */
  maxCertificationRuns?: number;
  /** Certification runs of all organisations open at once, across every server on the store (default 100). */
  maxCertificationRunsTotal?: number;
  /** Who signs this server's integration certificates (`--certificate-issuer`); absent: `local`, a machine no platform vouches for. */
  certificateIssuer?: string;
  /** Compact the store's journal past this many bytes. */
  compactAfterBytes?: number;
  /** Serve HTTPS with this PEM certificate (chain) and key; the public URL then starts with https. */
  tls?: TlsFiles;
  /** Serve plain HTTP on a non-loopback address (a TLS-terminating proxy stands in front). */
  insecureHttp?: boolean;
  /** Retention windows and sweep interval, in seconds (docs/operations.md#retention); defaults in retention/policy.ts. */
  retention?: {
    eventsSeconds?: number;
    attemptsSeconds?: number;
    /** Automation submissions that are completed or failed, counted from their last change. */
    submissionsSeconds?: number;
    /** Finished certification runs, from their end. */
    runsSeconds?: number;
    /** Rotated refresh tokens: kept this long after rotation (default: until they expire) for replay detection. */
    rotatedTokensSeconds?: number;
    intervalSeconds?: number;
  };
  /** Bearer token /metrics requires from every caller; without one, /metrics answers loopback callers only. */
  metricsToken?: string;
  /**
   * Which proxies' `X-Forwarded-For` to believe, so rate limits and logs see the client's address:
   * a hop count (1 = the one proxy in front) or the proxies' addresses and CIDR ranges. Absent:
   * none (the peer's own address is the client's), since a forged header must not pick a bucket.
   */
  trustProxy?: number | string[];
}

/**
 * Whether people other than the machine's own user reach this server: it listens on a
 * non-loopback address, or a proxy stands in front (`--trust-proxy`, or a public URL that is not
 * loopback). A loopback server with neither is someone's own machine.
 */
export function isSharedServer(config: Pick<ServerConfig, 'host' | 'publicUrl' | 'trustProxy'>): boolean {
  if (!isLoopbackHost(config.host) || config.trustProxy !== undefined) return true;
  if (!config.publicUrl) return false;
  try {
    return !isLoopbackHost(new URL(config.publicUrl).hostname);
  } catch {
    return true;
  }
}

/**
 * The outbound allowlist when the operator gives none (`start`, `startTestServer`): on someone's
 * own machine a local n8n or test receiver on 127.0.0.1 is the point; on a shared server the
 * host's loopback holds its own services (the operator endpoint among them), so nothing private
 * is reachable until the operator names it (docs/decisions/webhooks-outbound-by-listen-address.md).
 */
export function defaultOutboundAllowlist(config: Pick<ServerConfig, 'host' | 'publicUrl' | 'trustProxy'>): string[] {
  return isSharedServer(config) ? [] : ['127.0.0.1'];
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export function defaultConfig(overrides: Partial<ServerConfig> & Pick<ServerConfig, 'dataDir'>): ServerConfig {
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
