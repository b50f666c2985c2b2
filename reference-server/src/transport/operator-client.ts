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

/** POSTs a JSON body to the holding server's operator endpoint `path` and hands back the raw answer. */
export async function callOperator(holder: LockHolder, path: string, args: unknown): Promise<OperatorAnswer> {
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

/** A command the holding server refused; `status` is its answer's (409: the state refuses it, as OperatorError's). */
export class ForwardedCommandError extends Error {
  override name = 'ForwardedCommandError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Runs an operator command on the holding server and returns its JSON answer. */
export async function forwardCommand(holder: LockHolder, name: string, args: unknown): Promise<unknown> {
  const { status, response } = await callOperator(holder, name, args);
  const body = JSON.parse((await readAll(response)).toString('utf8')) as { message?: string };
  if (status < 200 || status >= 300) throw new ForwardedCommandError(body.message ?? `operator endpoint answered ${status}`, status);
  return body;
}
