import { readFile } from 'node:fs/promises';
import { CERTIFICATE_KEYS_PATH, CERTIFICATES_PATH, REVOCATIONS_PATH, validLine, verifyCertificate } from './certificates/index.js';

/** Exit codes of `certify verify`: 0 valid, 1 refused (the reason on stderr), 2 a source could not be read. */
export const VERIFY_REFUSED = 1;
export const VERIFY_UNREADABLE = 2;

const isUrl = (source: string) => /^https?:\/\//i.test(source);

class Unreadable extends Error {}

async function read(source: string): Promise<string> {
  if (!isUrl(source)) {
    return readFile(source, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Unreadable(`cannot read ${source}: ${error.code ?? String(error)}`);
    });
  }
  const answer = await fetch(source, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
    throw new Unreadable(`cannot reach ${source}: ${(error as Error).message}`);
  });
  if (!answer.ok) throw new Unreadable(`${source} answered HTTP ${answer.status}`);
  return answer.text();
}

async function readJson(source: string): Promise<unknown> {
  const text = await read(source);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Unreadable(`${source} is not JSON`);
  }
}

/** A certificate page's URL stands for its JWS. */
const jwsSource = (source: string) => (isUrl(source) && new RegExp(`${CERTIFICATES_PATH}/[^/.]+$`).test(new URL(source).pathname) ? `${source.replace(/\/+$/, '')}.jws` : source);

export interface VerifyOptions {
  keys?: string;
  revoked?: string;
}

/**
 * `certify verify FILE|URL`: the certificate against its issuer's key set — the one given with
 * `--keys` (a URL, or a saved copy: offline), else the one published beside a certificate URL —
 * and, when it can be had, the issuer's revocation list. Prints one line; returns the exit code.
 */
export async function verifyCommand(source: string, options: VerifyOptions, out: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  try {
    const keysSource = options.keys ?? (isUrl(source) ? new URL(CERTIFICATE_KEYS_PATH, source).href : undefined);
    if (!keysSource) throw new Unreadable('a certificate file needs its issuer’s key set: give --keys URL|FILE (a saved copy of /.well-known/certificate-keys.json works offline)');
    const online = [keysSource, source].find(isUrl);
    const revokedSource = options.revoked ?? (online ? new URL(REVOCATIONS_PATH, online).href : undefined);
    const [jws, keySet] = await Promise.all([read(jwsSource(source)), readJson(keysSource)]);
    const revoked = revokedSource ? await readJson(revokedSource).catch((error: unknown) => (options.revoked ? Promise.reject(error) : undefined)) : undefined;
    const result = await verifyCertificate(jws, keySet, revoked === undefined ? {} : { revoked });
    if (!result.ok) {
      out.stderr.write(`refused: ${result.reason}\n`);
      return VERIFY_REFUSED;
    }
    out.stdout.write(`${validLine(result.claims)}\n`);
    if (revoked === undefined) out.stderr.write('note: revocation not checked (no revocation list given or reachable; --revoked FILE|URL)\n');
    return 0;
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    out.stderr.write(`cannot verify: ${error.message}\n`);
    return VERIFY_UNREADABLE;
  }
}
