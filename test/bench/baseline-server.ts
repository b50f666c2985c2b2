import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { buildSchema } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/express';

/**
 * One bare Express 5 baseline, run as its own process by the benchmark (`node --import tsx
 * baseline-server.ts <kind> [body-file]`): the idiomatic handler with no middleware, so every
 * ratio says what the reference server adds on top of Express itself. Prints `listening <url>`.
 *
 * - `ping`: GET answers a short text.
 * - `body`: GET answers the JSON text in body-file (the questions route's bytes), serialised once.
 * - `echo`: POST parses a JSON body and answers it (`express.json()` + `res.json`).
 * - `graphql`: POST, graphql-http answering `{ me { email } }` from a constant.
 */
const [kind, bodyFile] = process.argv.slice(2);

function baseline(): Express {
  const app = express();
  switch (kind) {
    case 'ping':
      app.get('/', (_req, res) => {
        res.type('text/plain').send('ok');
      });
      return app;
    case 'body': {
      if (!bodyFile) throw new Error('the body baseline needs the file of the body it sends');
      const body = readFileSync(bodyFile, 'utf8');
      app.get('/', (_req, res) => {
        res.type('application/json').send(body);
      });
      return app;
    }
    case 'echo':
      app.post('/', express.json({ limit: '1mb' }), (req, res) => {
        res.json(req.body);
      });
      return app;
    case 'graphql': {
      const schema = buildSchema('type User { email: String } type Query { me: User }');
      const me = { email: 'demo@northwind.example' };
      app.post('/', createHandler({ schema, rootValue: { me: () => me } }));
      return app;
    }
    default:
      throw new Error(`unknown baseline ${String(kind)}`);
  }
}

const server = baseline().listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}/\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
