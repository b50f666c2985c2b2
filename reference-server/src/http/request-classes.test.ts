import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import express, { type Request, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createListener } from '../transport/index.js';
import { RequestClasses } from './request-classes.js';

// V8's own test of hidden classes (what the classes are for); the flag only lets this worker compile it.
setFlagsFromString('--allow-natives-syntax');
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/**
 * Requests built by the server's own classes already have the app's prototypes, so Express's
 * per-request `setPrototypeOf` changes nothing and two requests that took the same steps share a
 * hidden class (before, each request's response got new hidden classes for every property added).
 */
describe('request classes', () => {
  it("build requests with the app's prototypes, and two requests' responses share one hidden class", async () => {
    const classes = new RequestClasses();
    const seen: Array<{ beforeApp: boolean; req: Request; res: Response }> = [];
    const app = express();
    const STARTED = Symbol('started');
    app.use((req, res, next) => {
      // What the request log and the guards do: properties added to the request and the response.
      (res as Response & { [STARTED]?: number })[STARTED] = performance.now();
      req.principal = { orgId: 'org_1', via: 'automation_key', credentialId: 'key_1' };
      next();
    });
    app.get('/probe', (req, res) => {
      res.json({ path: req.path, app: req.app === app });
      seen.push({ beforeApp: (req as Request & { builtWith?: boolean }).builtWith === true, req, res });
    });
    const server = createListener(
      (req, res) => {
        (req as { builtWith?: boolean }).builtWith = Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response;
        app(req, res);
      },
      undefined,
      classes.options,
    );
    classes.adopt(app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 3; i += 1) {
        const answer = await fetch(`${base}/probe`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await answer.json()).toEqual({ path: '/probe', app: true });
      }
      expect(seen.map((s) => s.beforeApp)).toEqual([true, true, true]);
      const [first, second, third] = seen as [(typeof seen)[0], (typeof seen)[0], (typeof seen)[0]];
      expect(sameHiddenClass(first.res, second.res) && sameHiddenClass(second.res, third.res)).toBe(true);
      expect(sameHiddenClass(first.req, second.req) && sameHiddenClass(second.req, third.req)).toBe(true);
    } finally {
      server.close();
    }
  });
});
