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

export function createLogger(level: ServerConfig['logLevel'], destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'reference-server' } },
    destination as never,
  );
}
