import { request, type IncomingMessage } from 'node:http';
import { connect, type TLSSocket } from 'node:tls';
import type { LockHolder } from '../store/index.js';

export interface OperatorAnswer {
  status: number;
  response: IncomingMessage;
}

/**
 * Connects to a server serving HTTPS with its own (often self-signed) certificate: the holder's
 * lock file names the certificate's fingerprint, so the CLI pins that instead of trusting a CA,
 * and nothing is sent (not even the token) before the fingerprint matched.
 */
function pinnedSocket(url: URL, fingerprint256: string): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port), rejectUnauthorized: false }, () => {
      if (socket.getPeerCertificate().fingerprint256 === fingerprint256) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the server at ${url.host} does not present the certificate its lock file names`));
      }
    });
    socket.once('error', reject);
  });
}

/** POSTs a JSON body to the holding server's operator endpoint `path` and hands back the raw answer; `signal` abandons it. */
export async function callOperator(holder: LockHolder, path: string, args: unknown, signal?: AbortSignal): Promise<OperatorAnswer> {
  if (!holder.operatorUrl || !holder.operatorToken) throw new Error('the folder holder has no operator endpoint');
  const url = new URL(`${holder.operatorUrl}/${path}`);
  const socket = url.protocol === 'https:' && holder.operatorCertSha256 ? await pinnedSocket(url, holder.operatorCertSha256) : undefined;
  const body = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = request(
      url.protocol === 'https:' ? new URL(url.href.replace(/^https:/, 'http:')) : url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${holder.operatorToken}`,
        },
        ...(socket ? { createConnection: () => socket } : {}),
        ...(signal ? { signal } : {}),
      },
      (response) => resolve({ status: response.statusCode ?? 0, response }),
    );
    req.once('error', reject);
    req.end(body);
  });
}

export async function readAll(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
