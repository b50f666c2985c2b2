import { pipeline } from 'node:stream/promises';
import express, { Router } from 'express';
import { backupStream } from '../backup/index.js';
import type { AppContext } from '../context.js';
import { safeEqual } from '../crypto/index.js';
import { sendError } from '../http/index.js';
import { isLoopbackAddress } from '../loopback.js';
import { legacyUploadPaths } from '../submissions/index.js';
import { isCommandName, OperatorError, runCommand } from './commands.js';

/**
 * `POST /_operator/<command>`: the operator CLI's way in while this server holds the data folder.
 * Loopback callers only, with the per-run token the server wrote into its lock file (mode 0600).
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
    try {
      res.json(await runCommand(ctx, name, req.body ?? {}));
    } catch (error) {
      if (error instanceof OperatorError) sendError(res, error.status, error.message);
      else next(error);
    }
  });
  return router;
}
