/**
 * Secrets cut from a URL before it is logged or shown: by rule, not by the prefixes this server
 * happens to issue. A connector author's URL carries other people's secrets too (`?token=`,
 * `?api_key=`, an OAuth `?code=`, a pre-signed `X-Amz-Signature`), and a log that promises "secrets
 * cut" must cut those as well. See docs/decisions/workspace-url-redaction.md.
 */

export const REDACTED = '[redacted]';

/**
 * Words that make a query parameter's name say "secret". A name is split into words at
 * punctuation and camelCase (`client_secret`, `X-Amz-Signature`, `apiKey`); one of these words is
 * enough. Over-cutting (`zip_code`) costs a developer one value in a log line; under-cutting leaks.
 */
const SECRET_WORDS = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'signature',
  'sig',
  'key',
  'apikey',
  'code',
  'credential',
  'credentials',
  'assertion',
  'jwt',
  'otp',
  'sid',
  'session',
  'auth',
  'authorization',
]);

/** Names written as one lower-case word still say it at the end: `accesstoken`, `clientsecret`, `apikey`. */
const SECRET_ENDINGS = ['token', 'secret', 'password', 'signature', 'apikey'];

/** Values that are secrets wherever they stand: this server's issued secrets (kind kept) and Standard Webhooks signing secrets. */
// A `/` ends the value: base64's `/` cannot stand raw in a URL, and a path segment must survive.
const ISSUED_SECRET = /\b(pis_[a-z]+_|whsec_)[A-Za-z0-9_%+=-]+/g;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** Whether a query parameter's name (raw, possibly percent-encoded) says its value is a secret. */
export function isSecretParameterName(rawName: string): boolean {
  const name = decode(rawName);
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  const joined = words.join('');
  return SECRET_ENDINGS.some((ending) => joined.endsWith(ending));
}

/** One `name=value` pair of a query, its value cut when the name says secret. */
const redactPair = (pair: string): string => {
  const equals = pair.indexOf('=');
  if (equals < 0) return pair;
  const name = pair.slice(0, equals);
  return isSecretParameterName(name) && pair.length > equals + 1 ? `${name}=${REDACTED}` : pair;
};

/**
 * The URL (absolute, or a path with its query as Express's `originalUrl`) with every secret cut:
 * the value of each query parameter whose name says secret becomes `[redacted]`, and every
 * `pis_…` or `whsec_…` value anywhere (path, query, fragment) keeps only its prefix.
 */
export function redactUrlSecrets(url: string): string {
  // Most logged URLs have no query and no issued secret: three substring tests, no parsing.
  const query = url.indexOf('?');
  if (query < 0 && !url.includes('pis_') && !url.includes('whsec_')) return url;
  let out = url;
  if (query >= 0) {
    const hash = url.indexOf('#', query);
    const end = hash < 0 ? url.length : hash;
    const pairs = url.slice(query + 1, end).split(/([&;])/);
    out = url.slice(0, query + 1) + pairs.map((part, i) => (i % 2 === 1 ? part : redactPair(part))).join('') + url.slice(end);
  }
  return redactIssuedSecrets(out);
}

/** Any text with every `pis_…` or `whsec_…` value cut to its prefix. */
export function redactIssuedSecrets(text: string): string {
  return text.replace(ISSUED_SECRET, `$1${REDACTED}`);
}
