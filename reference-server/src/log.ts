import { pino, type Logger } from 'pino';
import type { ServerConfig } from './config.js';

/** Paths pino blanks in every line: credentials travel in these headers and bodies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.client_secret',
  '*.clientSecret',
  '*.secret',
  '*.token',
  '*.refresh_token',
  '*.access_token',
  '*.code',
];

/**
 * A request URL with any issued secret in it (an invite link's token travels in its path) cut
 * to its prefix: the access log keeps which kind of link was used, never the link itself.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(/\b(pis_[a-z]+_)[A-Za-z0-9_-]+/g, '$1[redacted]');
}

export function createLogger(level: ServerConfig['logLevel'], destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'reference-server' } },
    destination as never,
  );
}
