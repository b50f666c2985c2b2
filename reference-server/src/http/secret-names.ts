/**
 * The one rule for names that say "secret", whatever carries the name: a header, a query or form
 * parameter, a JSON key at any depth, a GraphQL argument or variable. Patterns, not a list of
 * known names: a connector author's own `X-Api-Pass`, `sessionid` or `hmac` must be cut as surely
 * as `Authorization`. Over-cutting (`zip_code`, `turkey`) costs a developer one value in a log;
 * under-cutting leaks. See docs/decisions/redaction-policy.md.
 */

/** A word (split at punctuation and camelCase) containing one of these says secret: `xAuthToken`, `sessionid`, `hmacSha256`. */
const SECRET_STEMS = ['auth', 'token', 'secret', 'passw', 'passphrase', 'passcode', 'passkey', 'signature', 'hmac', 'bearer', 'cookie', 'session', 'credential', 'apikey', 'jwt', 'csrf', 'xsrf'];

/** Words that are secrets only as whole words: as parts of other words they are ordinary (`signal`, `footprint`, `decode`). */
const SECRET_WORDS = new Set(['pass', 'pwd', 'key', 'sig', 'code', 'otp', 'sid', 'sessid', 'refresh', 'assertion']);

/** `code` is an OAuth code or a one-time code, except after these (`status_code`, `zip_code`). */
const ORDINARY_CODES = new Set(['status', 'error', 'http', 'response', 'exit', 'reason', 'country', 'zip', 'postal', 'post', 'currency', 'language', 'lang', 'region', 'area']);

/** A word ending so says secret too: `userpass`, `accesskey`, `phpsessid`. */
const SECRET_ENDINGS = ['pass', 'key', 'sessid'];

/** Ordinary words a stem above would catch: kept, because they are common in payloads and never hold a secret. */
const ORDINARY_WORDS = /^(co)?author(s|ed|ship)?$|^authorit(y|ies)$/;

/**
 * Header names that match a rule above yet carry no secret, and that a developer reading a log
 * needs: a challenge (`WWW-Authenticate`), CORS lists of names, a client-chosen retry id, and the
 * Standard Webhooks signature this server sends (a MAC of the body shown beside it, which cannot
 * sign anything else; a receiver's author checks their verification against it).
 */
const PUBLIC_HEADERS = new Set([
  'www-authenticate',
  'proxy-authenticate',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-request-headers',
  'idempotency-key',
  'webhook-signature',
]);

function wordSaysSecret(word: string): boolean {
  if (SECRET_WORDS.has(word)) return true;
  if (ORDINARY_WORDS.test(word)) return false;
  return SECRET_STEMS.some((stem) => word.includes(stem)) || SECRET_ENDINGS.some((ending) => word.length > ending.length && word.endsWith(ending));
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

function judge(rawName: string): boolean {
  const words = decode(rawName)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const secret = (word: string, i: number) => (word === 'code' ? !ORDINARY_CODES.has(words[i - 1] ?? '') : wordSaysSecret(word));
  return words.some(secret) || (words.length > 1 && wordSaysSecret(words.join('')));
}

/**
 * Verdicts remembered: the same few dozen names come in every request and answer, and splitting a
 * name into words each time cost more than the rest of the request log. Bounded: the memory is
 * dropped when it fills (names are chosen by callers).
 */
const verdicts = new Map<string, boolean>();

/** Whether a parameter, JSON key or GraphQL argument name (raw, possibly percent-encoded) says its value is a secret. */
export function isSecretName(name: string): boolean {
  let verdict = verdicts.get(name);
  if (verdict === undefined) {
    if (verdicts.size >= 4096) verdicts.clear();
    verdict = judge(name);
    verdicts.set(name, verdict);
  }
  return verdict;
}

/** Whether a header's value is a secret by its name (`Set-Cookie`, `X-Api-Pass`, `Authentication`…). */
export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return !PUBLIC_HEADERS.has(lower) && isSecretName(lower);
}
