import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command, type OptionValues } from 'commander';
import ipaddr from 'ipaddr.js';
import { formatBanner, type BannerPlace } from './banner.js';
import { databaseOption, dataOption, list } from './cli-operator.js';
import { defaultConfig, DEFAULT_HOST, DEFAULT_PORT, defaultOutboundAllowlist, type ServerConfig } from './config.js';
import { detached, logFault } from './http/index.js';
import { flushLog } from './log.js';
import { startServer, type RunningServer } from './server.js';
import { redactConnectionString } from './store/index.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return n;
}

/** A parser for whole numbers of at least `min`; `unit` names them in the error ("a number of seconds …"). */
const wholeNumber =
  (unit: string, min = 0) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`a number of ${unit} (${min} or more)`);
    return n;
  };
const seconds = wholeNumber('seconds');
const requestsPerMinute = wholeNumber('requests per minute');
const runs = wholeNumber('runs', 1);

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90`, `90s`, `15m`, `12h` or `7d`, in seconds. */
export function duration(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('a duration: seconds, or a number followed by s, m, h or d (e.g. 7d)');
  return Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] as number);
}

/**
 * Stands for "not given": the allowlist then follows the listen address (`defaultOutboundAllowlist`:
 * 127.0.0.1 on a loopback server, where a local n8n or test receiver listens; nothing otherwise).
 */
const BY_LISTEN_ADDRESS: string[] = [];

/** Explicit values replace the default rather than add to it; "none" empties the list. */
const allowlist = (value: string, previous: string[]): string[] => {
  const base = previous === BY_LISTEN_ADDRESS ? [] : previous;
  return value.trim() === 'none' ? [] : list(value, base);
};

/** Names proxy-addr (Express's `trust proxy`) knows for whole ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `--trust-proxy`: a hop count (`1` = the one proxy in front of the server) or the proxies'
 * addresses, CIDR ranges or range names (comma-separated). Checked here so a typo is a usage
 * error at start, not a proxy silently untrusted (or everyone trusted) at run time.
 */
function trustProxy(value: string): number | string[] {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops < 1) throw new InvalidArgumentError('a hop count of 1 or more, or proxy addresses');
    return hops;
  }
  const entries = list(trimmed);
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.includes(e) && !ipaddr.isValid(e) && !ipaddr.isValidCIDR(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new InvalidArgumentError(`a hop count, or addresses, CIDR ranges and ${PROXY_RANGE_NAMES.join('/')} (not: ${bad.join(', ') || value})`);
  }
  return entries;
}

/** A `--retain-…` duration and the variable that sets it. */
const retention = (flags: string, description: string, env: string) => new Option(flags, description).env(env).argParser(duration);

/** The options of `start`, in the order its help lists them (new Option objects for each program built). */
const START_OPTIONS = (): Option[] => [
  new Option('--port <port>', 'port to listen on (0 = any free port)').default(DEFAULT_PORT).env('PORT').argParser(port),
  new Option('--host <host>', 'address to listen on').default(DEFAULT_HOST).env('REFERENCE_SERVER_HOST'),
  dataOption(),
  databaseOption(),
  new Option('--no-seed', 'do not seed the demo organisation into an empty folder or database'),
  new Option('--public-url <url>', 'URL partners reach this server at (the OAuth issuer)').env('REFERENCE_SERVER_PUBLIC_URL'),
  new Option('--log-level <level>', 'log level').choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').env('LOG_LEVEL'),
  new Option('--introspection', 'allow GraphQL introspection (local development only)').default(false),
  new Option('--allow-outbound <hosts>', 'hosts or CIDR ranges webhooks and CRM sync may reach despite the SSRF guard (comma-separated; "none" for none)')
    .default(BY_LISTEN_ADDRESS, '127.0.0.1 when --host is loopback, else none')
    .env('REFERENCE_SERVER_ALLOW_OUTBOUND')
    .argParser(allowlist),
  new Option('--automation-rate-limit <n>', 'Automation API: requests per key per minute (default 1200; 0 = no limit)').env('AUTOMATION_RATE_LIMIT').argParser(requestsPerMinute),
  new Option('--refresh-grace <seconds>', 'OAuth: seconds a rotated refresh token still returns its successor pair (default 60)').env('OAUTH_REFRESH_GRACE_SECONDS').argParser(seconds),
  new Option('--refresh-token-ttl <seconds>', 'OAuth: lifetime of a refresh token (default 2592000, 30 days)').env('OAUTH_REFRESH_TOKEN_TTL_SECONDS').argParser(seconds),
  new Option('--tls-cert <file>', 'serve HTTPS with this PEM certificate (with --tls-key)').env('REFERENCE_SERVER_TLS_CERT'),
  new Option('--tls-key <file>', 'PEM private key of --tls-cert').env('REFERENCE_SERVER_TLS_KEY'),
  new Option('--insecure-http', 'serve plain HTTP on a non-loopback address (a TLS-terminating proxy stands in front)').default(false).env('REFERENCE_SERVER_INSECURE_HTTP'),
  new Option('--max-certification-runs <n>', 'certification runs an organisation may have running at once; a start beyond it is refused (default 5)')
    .env('REFERENCE_SERVER_MAX_CERTIFICATION_RUNS')
    .argParser(runs),
  new Option('--max-certification-runs-total <n>', 'certification runs of all organisations open at once, across every server on the store (default 100)')
    .env('REFERENCE_SERVER_MAX_CERTIFICATION_RUNS_TOTAL')
    .argParser(runs),
  new Option('--certificate-issuer <name>', 'name this server signs integration certificates as, e.g. "Evaluate sandbox" (default: local)').env('REFERENCE_SERVER_CERTIFICATE_ISSUER'),
  retention('--retain-events <duration>', 'keep webhook events with no delivery pending this long (default 7d; undelivered events are never removed)', 'REFERENCE_SERVER_RETAIN_EVENTS'),
  retention('--retain-attempts <duration>', 'keep webhook delivery attempts this long (default 7d; a pending delivery keeps its attempts)', 'REFERENCE_SERVER_RETAIN_ATTEMPTS'),
  retention(
    '--retain-submissions <duration>',
    'keep automation submissions this long after their last change once completed or failed (default 90d; unfinished ones are never removed)',
    'REFERENCE_SERVER_RETAIN_SUBMISSIONS',
  ),
  retention('--retain-certification-runs <duration>', 'keep finished certification runs and their reports this long (default 90d)', 'REFERENCE_SERVER_RETAIN_CERTIFICATION_RUNS'),
  retention(
    '--retain-rotated-tokens <duration>',
    'keep rotated refresh tokens (for replay detection) this long after rotation (default: until they expire)',
    'REFERENCE_SERVER_RETAIN_ROTATED_TOKENS',
  ),
  retention('--retention-interval <duration>', 'how often the retention sweep runs (default 1h)', 'REFERENCE_SERVER_RETENTION_INTERVAL'),
  new Option('--metrics-token <token>', 'bearer token GET /metrics requires from every caller (default: loopback callers only)').env('REFERENCE_SERVER_METRICS_TOKEN'),
  new Option(
    '--trust-proxy <hops|addresses>',
    'believe X-Forwarded-For from this many proxies in front, or from these proxy addresses/CIDR ranges, for rate limits and logs (default: none)',
  )
    .env('REFERENCE_SERVER_TRUST_PROXY')
    .argParser(trustProxy),
];

/** The server's config from `start`'s options. */
function configFrom(options: OptionValues): ServerConfig {
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) throw new Error('--tls-cert and --tls-key go together');
  const config: ServerConfig = defaultConfig({
    dataDir: resolve(options.data),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    host: options.host,
    port: options.port,
    seed: options.seed,
    logLevel: options.logLevel,
    introspection: options.introspection,
    outboundAllowlist: options.allowOutbound,
    ...(options.automationRateLimit !== undefined ? { automationRateLimitPerMinute: options.automationRateLimit } : {}),
    ...(options.refreshGrace !== undefined ? { refreshGraceSeconds: options.refreshGrace } : {}),
    ...(options.refreshTokenTtl !== undefined ? { refreshTokenTtlSeconds: options.refreshTokenTtl } : {}),
    ...(options.maxCertificationRuns !== undefined ? { maxCertificationRuns: options.maxCertificationRuns } : {}),
    ...(options.maxCertificationRunsTotal !== undefined ? { maxCertificationRunsTotal: options.maxCertificationRunsTotal } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.certificateIssuer ? { certificateIssuer: options.certificateIssuer } : {}),
    ...(options.tlsCert ? { tls: { certFile: resolve(options.tlsCert), keyFile: resolve(options.tlsKey) } } : {}),
    ...(options.insecureHttp ? { insecureHttp: true } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    retention: {
      ...(options.retainEvents !== undefined ? { eventsSeconds: options.retainEvents } : {}),
      ...(options.retainAttempts !== undefined ? { attemptsSeconds: options.retainAttempts } : {}),
      ...(options.retainSubmissions !== undefined ? { submissionsSeconds: options.retainSubmissions } : {}),
      ...(options.retainRotatedTokens !== undefined ? { rotatedTokensSeconds: options.retainRotatedTokens } : {}),
      ...(options.retainCertificationRuns !== undefined ? { runsSeconds: options.retainCertificationRuns } : {}),
      ...(options.retentionInterval !== undefined ? { intervalSeconds: options.retentionInterval } : {}),
    },
  });
  if (options.allowOutbound === BY_LISTEN_ADDRESS) config.outboundAllowlist = defaultOutboundAllowlist(config);
  return config;
}

/** Resolves once SIGINT or SIGTERM has closed the server (in-flight requests and writes finished) and flushed the log. */
function closedOnSignal(server: RunningServer): Promise<void> {
  return new Promise<void>((done) => {
    const stop = (signal: string) => {
      server.ctx.log.info({ signal }, 'shutting down: finishing in-flight requests and writes');
      server
        .close()
        .then(() => flushLog(server.ctx.log))
        .then(done, (error: unknown) => {
          server.ctx.log.error({ err: error }, 'shutdown failed');
          process.exitCode = 1;
          done();
        });
    };
    process.once('SIGINT', detached(logFault(server.ctx.log, 'shutdown on SIGINT'), stop));
    process.once('SIGTERM', detached(logFault(server.ctx.log, 'shutdown on SIGTERM'), stop));
  });
}

/** `start`: serve a data folder (or a database) until a signal stops it. */
export function addStartCommand(program: Command): void {
  const start = program.command('start').description('serve a data folder, or a PostgreSQL database shared with other servers (seeding the demo organisation when it is empty)');
  for (const option of START_OPTIONS()) start.addOption(option);
  start.action(async (options: OptionValues) => {
    const config = configFrom(options);
    const server = await startServer(config);
    const place: BannerPlace = config.databaseUrl ? { kind: 'database', shown: redactConnectionString(config.databaseUrl) } : { kind: 'folder', shown: config.dataDir };
    process.stdout.write(`${formatBanner(server.url, place, server.demo, config.publicUrl)}\n`);
    for (const warning of server.warnings) process.stderr.write(`warning: ${warning.text}\n`);
    await closedOnSignal(server);
  });
}
