import { isSecretName } from './secret-names.js';

/**
 * Secrets cut from URLs, and from any text a URL or a credential may stand in, before it is
 * logged or shown: by rule, not by the prefixes this server happens to issue. A connector
 * author's URL carries other people's secrets too (`?token=`, `?api_key=`, an OAuth `?code=`, a
 * pre-signed `X-Amz-Signature`, `https://user:secret@host`), and a log that promises "secrets
 * cut" must cut those as well. See docs/decisions/redaction-policy.md.
 */

export const REDACTED = '[redacted]';

/**
 * Values that are secrets wherever they stand: this server's issued secrets (kind kept),
 * Standard Webhooks signing secrets, and JWTs (an access or ID token pasted anywhere).
 */
// A `/` ends the value: base64's `/` cannot stand raw in a URL, and a path segment must survive.
const ISSUED_SECRET = /\b(pis_[a-z]+_|whsec_)[A-Za-z0-9_%+=-]+/g;
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/** A word after an HTTP auth scheme in running text, and what tells a credential from prose (`Basic authentication`): a digit, an inner symbol, or mixed case. */
const SCHEME_CREDENTIAL = /\b([Bb]earer|[Bb]asic|BEARER|BASIC)(\s+)([A-Za-z0-9._~+/-]{8,}=*)/g;
const LOOKS_ISSUED = /[0-9]|[._~+/-][A-Za-z0-9]|[a-z][A-Z]/;

/** An absolute URL in running text (a JSON string value, a header, a message): up to a space, quote or bracket. */
// The scheme is bounded: an unbounded one made a long run of letters quadratic to scan.
const ABSOLUTE_URL = /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s"'<>`]+/gi;

/** `scheme://userinfo@`: everything before the last `@` ahead of the path is the userinfo (a password may hold a raw `@`). */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

/** One `name=value` pair of a query or form, its value cut when the name says secret. */
const redactPair = (pair: string): string => {
  const equals = pair.indexOf('=');
  if (equals < 0) return pair;
  const name = pair.slice(0, equals);
  return isSecretName(name) && pair.length > equals + 1 ? `${name}=${REDACTED}` : pair;
};

/** A query or form body (`a=1&token=x;b=2`), each pair judged by its name. */
export function redactPairs(text: string): string {
  return text
    .split(/([&;])/)
    .map((part, i) => (i % 2 === 1 ? part : redactPair(part)))
    .join('');
}

/**
 * The URL (absolute, or a path with its query as Express's `originalUrl`) with every secret cut:
 * the userinfo (`user:password@`), the value of each query parameter whose name says secret, and
 * every issued secret anywhere (path, query, fragment) cut to its prefix.
 */
export function redactUrlSecrets(url: string): string {
  // Most logged URLs have no query, no userinfo and no issued secret: a few substring tests, no parsing.
  const query = url.indexOf('?');
  const userinfo = url.includes('@');
  if (query < 0 && !userinfo && !url.includes('pis_') && !url.includes('whsec_') && !url.includes('eyJ')) return url;
  let out = userinfo ? url.replace(USERINFO, `$1${REDACTED}@`) : url;
  const start = out.indexOf('?');
  if (start >= 0) {
    const hash = out.indexOf('#', start);
    const end = hash < 0 ? out.length : hash;
    out = out.slice(0, start + 1) + redactPairs(out.slice(start + 1, end)) + out.slice(end);
  }
  return redactIssuedSecrets(out);
}

/** Any text with every issued secret cut to its prefix and every JWT cut whole. */
export function redactIssuedSecrets(text: string): string {
  const issued = text.includes('pis_') || text.includes('whsec_') ? text.replace(ISSUED_SECRET, `$1${REDACTED}`) : text;
  return issued.includes('eyJ') ? issued.replace(JWT, REDACTED) : issued;
}

/** Whether running text may hold something `redactInlineSecrets` cuts: most text does not, and these tests cost less than the regular expressions. */
export function mayHoldInlineSecrets(text: string): boolean {
  return text.includes('://') || text.includes('pis_') || text.includes('whsec_') || text.includes('eyJ') || /\b(?:[Bb]earer|[Bb]asic|BEARER|BASIC)\s/.test(text);
}

/**
 * Running text (a JSON string value, a header's value, an error message) with the secrets that
 * can stand anywhere cut: every absolute URL by the URL rules (userinfo included), a credential
 * after `Bearer`/`Basic`, issued secrets and JWTs.
 */
export function redactInlineSecrets(text: string): string {
  if (!mayHoldInlineSecrets(text)) return text;
  const urls = text.includes('://') ? text.replace(ABSOLUTE_URL, redactUrlSecrets) : text;
  return redactIssuedSecrets(urls.replace(SCHEME_CREDENTIAL, (found, scheme: string, space: string, word: string) => (LOOKS_ISSUED.test(word) ? `${scheme}${space}${REDACTED}` : found)));
}
