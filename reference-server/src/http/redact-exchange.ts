import { isSecretParameterName, REDACTED, redactIssuedSecrets, redactUrlSecrets } from './redact-url.js';

/**
 * The rules of redact-url.ts applied to the rest of an HTTP exchange the request log keeps:
 * headers and bodies. A header or JSON field whose name says secret (`authorization`,
 * `x-api-key`, `client_secret`, `refreshToken`…) loses its value, cookies always do, and every
 * `pis_…`/`whsec_…` value anywhere is cut to its prefix. See docs/decisions/workspace-url-redaction.md.
 */

/** Headers whose names do not say secret but always carry one. */
const ALWAYS_SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'proxy-authorization']);

export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return ALWAYS_SECRET_HEADERS.has(lower) || isSecretParameterName(lower);
}

/** One header's value as the log keeps it: an authorization scheme stays (`Bearer [redacted]`), its credential does not. */
function redactHeaderValue(name: string, value: string): string {
  if (!isSecretHeaderName(name)) return redactIssuedSecrets(value);
  const scheme = /^(Bearer|Basic|Digest|Token)\s/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

export function redactHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    out[name] = redactHeaderValue(name, Array.isArray(raw) ? raw.join(', ') : String(raw));
  }
  return out;
}

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)\S*\?/i;

/** A parsed JSON value with the value of every field whose name says secret cut, and issued secrets cut anywhere. */
export function redactJson(value: unknown): unknown {
  // A URL in a field (a webhook endpoint's `?token=`) follows the URL rules.
  if (typeof value === 'string') return URL_LIKE.test(value) ? redactUrlSecrets(value) : redactIssuedSecrets(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecretParameterName(key) && inner !== null && inner !== '' ? REDACTED : redactJson(inner)]));
  }
  return value;
}

/** A `"name": "value"` pair of JSON text, the value possibly cut short. */
const JSON_STRING_FIELD = /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g;

/**
 * A body's text as the log keeps it: JSON redacted field by field. JSON that does not parse (cut
 * at a bound) still loses the string value of each field whose name says secret; any text loses
 * issued secrets.
 */
export function redactBodyText(text: string): string {
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return redactIssuedSecrets(text.replace(JSON_STRING_FIELD, (pair, name: string, colon: string, _value: string, close: string) => (isSecretParameterName(name) ? `"${name}"${colon}"${REDACTED}${close}` : pair)));
    }
  }
  return redactIssuedSecrets(text);
}
