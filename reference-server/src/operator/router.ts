import { pipeline } from 'node:stream/promises';
import express, { Router } from 'express';
import { backupStream } from '../backup/index.js';
import type { AppContext } from '../context.js';
import { safeEqual } from '../crypto/index.js';
import { detached, logFault, sendError } from '../http/index.js';
import { isLoopbackAddress } from '../loopback.js';
import { legacyUploadPaths } from '../submissions/index.js';
import { OperatorError } from './command.js';
import { execute, isCommandName } from './commands.js';

/**
 * `POST /_operator/<command>`: the operator CLI's way in while this server holds the data folder.
 * Loopback callers only, with the per-run token the server wrote into its lock file (mode 0600).
 * The body is checked against the command's input schema and the answer against its output schema
 * (commands.ts `execute`); `certify.wait` holds the request until the run changes (a long poll).
 */
export function createOperatorRouter(ctx: AppContext, token: string): Router {
  const router = Router();
  router.use((req, res, next) => {
    const presented = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!isLoopbackAddress(req.socket.remoteAddress) || !safeEqual(presented, token)) {
      sendError(res, 404, `No route for ${req.method} ${req.originalUrl}.`);
      return;
    }
    next();
  });
  // Binary, so not one of the JSON commands: a consistent gzip backup of this server's store.
  router.post('/backup', async (_req, res, next) => {
    try {
      const stream = await backupStream(ctx, legacyUploadPaths);
      res.type('application/gzip');
      await pipeline(stream, res);
    } catch (error) {
      next(error);
    }
  });
  router.post('/:command', express.json({ limit: '64kb' }), async (req, res, next) => {
    const name = req.params.command ?? '';
    if (!isCommandName(name)) {
      sendError(res, 404, `unknown operator command ${name}`);
      return;
    }
    // A caller that goes away (certify run ended while it waited) ends a waiting command.
    const left = new AbortController();
    res.once('close', detached(logFault(ctx.log, 'operator request close'), () => left.abort()));
    try {
      res.json(await execute(ctx, name, req.body ?? {}, { signal: left.signal }));
    } catch (error) {
      if (error instanceof OperatorError) sendError(res, error.status, error.message);
      else next(error);
    }
  });
  return router;
}
