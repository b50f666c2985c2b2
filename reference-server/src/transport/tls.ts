import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TlsFiles } from '../config.js';
import { isLoopbackHost } from '../loopback.js';

/** One year, the value HSTS preload lists ask for; sent only on answers that came over TLS. */
export const HSTS_VALUE = 'max-age=31536000';

export class InsecureTransportError extends Error {
  override name = 'InsecureTransportError';
}

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** SHA-256 fingerprint of the certificate: the operator CLI pins it when it forwards to this server. */
  fingerprint256: string;
}


/**
 * The spec says "HTTPS only". Plain HTTP is fine on loopback (a developer's machine, a CI job);
 * on any other address it would send credentials in clear, so the server refuses to start
 * unless the operator says a TLS-terminating proxy stands in front (`--insecure-http`).
 */

export function checkTransport(config: { host: string; tls?: TlsFiles | undefined; insecureHttp?: boolean | undefined }): void {
  if (config.tls || config.insecureHttp || isLoopbackHost(config.host)) return;
  throw new InsecureTransportError(
    `refusing to serve plain HTTP on ${config.host}: credentials and tokens would cross the network in clear ` +
      '(the spec requires HTTPS). Give --tls-cert FILE --tls-key FILE, or --insecure-http when a TLS-terminating ' +
      'proxy stands in front of this server, or listen on 127.0.0.1.',
  );
}

export async function loadTls(files: TlsFiles): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([readFile(files.certFile), readFile(files.keyFile)]);
  const fingerprint256 = new X509Certificate(cert).fingerprint256;
  return { cert, key, fingerprint256 };
}

/**
 * An HTTP or HTTPS server for the app. Every answer carries `X-Content-Type-Options: nosniff`,
 * set here rather than per surface so no answer can miss it (a JSON 401, an operator error, a
 * parser's refusal): a browser must never sniff a JSON or text answer into HTML. Over HTTPS
 * every answer also carries Strict-Transport-Security. `classes`: what builds each request and
 * response (http/request-classes.ts), Node's own when absent.
 */
export function createListener(app: RequestListener, tls: TlsMaterial | undefined, classes: Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> = {}): Server {
  if (!tls) {
    return createHttpServer(classes, (req, res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      app(req, res);
    });
  }
  return createHttpsServer({ ...classes, cert: tls.cert, key: tls.key }, (req, res) => {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('strict-transport-security', HSTS_VALUE);
    app(req, res);
  });
}
