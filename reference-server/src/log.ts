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
 * Lines wait in memory until 4 KB of them are ready (about twenty request lines) or 100 ms have
 * passed, whichever comes first: one write(2) per line was the largest part of a small request's
 * logging cost. A quiet server's line is out within 100 ms.
 */
const LOG_BATCH = { minLength: 4096, periodicFlush: 100 } as const;

/**
 * The server's logger: stdout unless told otherwise, written asynchronously (a request never waits
 * for its log line; lines are written in batches, LOG_BATCH). pino flushes what is pending when the
 * process exits; `flushLog` does it at a clean shutdown.
 */
export function createLogger(level: ServerConfig['logLevel'], destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'reference-server' } },
    destination ?? pino.destination({ dest: 1, sync: false, ...LOG_BATCH }),
  );
}

/** Writes out the lines an asynchronous destination still holds. */
export const flushLog = (log: Logger): Promise<void> =>
  new Promise((resolve) => {
    log.flush(() => resolve());
  });
