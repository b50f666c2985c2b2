import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { detached, logFault } from './log-fault.js';
import { requestLog } from './request-log.js';

/**
 * A throw (or a rejection) in work detached from a request — here a response's finish listener
 * and a timer — is one structured error line carrying that request's id, the same id as its
 * request line, and the server goes on answering.
 */
describe('detached work', () => {
  it('logs a fault with the request id and the server goes on', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
        done();
      },
    });
    const log = createLogger('info', sink);
    const app = express();
    app.use(requestLog(log));
    let timerRan: () => void = () => undefined;
    const timerDone = new Promise<void>((resolve) => (timerRan = resolve));
    app.get('/fails-later', (req, res) => {
      res.once('finish', detached(logFault(log, 'a finish listener', req), () => { throw new URIError('URI malformed'); }));
      setTimeout(detached(logFault(log, 'a timer', req), async () => { timerRan(); throw new Error('rejected later'); }), 0);
      res.send('answered');
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = await fetch(`${base}/fails-later`, { headers: { 'x-request-id': 'trace-7' } });
      expect(await first.text()).toBe('answered');
      await timerDone;
      const second = await fetch(`${base}/fails-later`);
      expect(second.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      server.close();
    }
    await new Promise<void>((resolve) => log.flush(() => resolve()));
    const faults = lines.filter((l) => l['where']);
    expect(faults.filter((l) => l['reqId'] === 'trace-7').map((l) => [l['where'], (l['err'] as { message: string }).message])).toEqual(
      expect.arrayContaining([
        ['a finish listener', 'URI malformed'],
        ['a timer', 'rejected later'],
      ]),
    );
    const secondId = (lines.filter((l) => l['req']).at(-1)?.['req'] as { id: string }).id;
    expect(faults.some((l) => l['reqId'] === secondId && l['where'] === 'a finish listener')).toBe(true);
  });
});
