import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deployment that has not rolled out one part of the spec: forwards everything to `target`
 * except paths under `hidden`, which answer 404 as a server without that route would. Lets the
 * suite's skip-for-a-missing-route rule be tested now that the reference server has every route.
 */
export async function startHidingProxy(target: string, hidden: string): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === hidden || path.startsWith(`${hidden}/`) || path.startsWith(`${hidden}?`)) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not Found', message: `No route ${path}.` }));
      return;
    }
    const forwarded = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
