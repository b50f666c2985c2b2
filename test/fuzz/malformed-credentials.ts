import fc from 'fast-check';

/**
 * Credentials that are not what their place expects, for every place a credential is read: the
 * `x-api-key` header, `Authorization: Bearer` and `Basic`, the OAuth body's client_id and
 * client_secret, and the pages' cookies. What made the server stop once (issue 36): a Basic
 * client id that is not form-urlencoded (`%:x`, i.e. `Basic JTp4`) decoded outside the request's
 * error path while a certification run watched the token endpoint.
 */

/** Values that break a decoder: percent-encodings, control characters, very long, empty, non-ASCII. */
export const MALFORMED_VALUES = [
  '',
  ' ',
  '%',
  '%zz',
  '%:x',
  '%E0%A4%A',
  '%00',
  '%0d%0a',
  '\u0000',
  '\u0001\u001f',
  '\u007f',
  'a\r\nx-injected: 1',
  'a\tb',
  'ÿþ',
  '\uD800',
  '👩🏽‍💻',
  'k'.repeat(10_240),
  '%'.repeat(4_000),
] as const;

const malformedValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...MALFORMED_VALUES) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) });

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** `Authorization: Basic …` values: undecodable base64, and base64 of pairs whose parts are malformed. */
export function basicValues(clientIds: readonly string[]): string[] {
  const pairs = ['%:x', '%zz:y', '%', 'no-colon', ':', ':secret', '\u0000:\u0000', 'a\r\nb:c', `${'%'.repeat(100)}:x`, ...clientIds.flatMap((id) => [`${id}:`, `${id}:%`, `${id}:wrong`, `${encodeURIComponent(id)}%zz:x`])];
  return [
    'Basic JTp4',
    'Basic',
    'Basic ',
    'Basic !!!!',
    'Basic ====',
    'Basic a b c',
    'Basic JTp4JTp4=',
    'basic JTp4',
    `Basic ${'A'.repeat(10_240)}`,
    ...pairs.map((pair) => `Basic ${base64(pair)}`),
    ...MALFORMED_VALUES.map((value) => `Basic ${value}`),
  ];
}

/** `Authorization: Bearer …` values. */
export const bearerValues = (): string[] => ['Bearer', 'Bearer ', 'bearer  x', 'Bearer a b', ...MALFORMED_VALUES.map((value) => `Bearer ${value}`)];

/** The cookies the pages read (sign-in session, CSRF, browser id, flash), under their plain-HTTP names, and strangers. */
const COOKIE_NAMES = ['pis_session', 'pis_csrf', 'pis_browser', 'pis_flash', '__Host-pis_session'];

/** `Cookie` header values. */
export function cookieValues(): string[] {
  return [
    '=',
    ';;;',
    '; ;',
    'pis_session',
    `${'a=1; '.repeat(400)}`,
    'pis_session=j:{"a":',
    'pis_flash=s:x.y',
    'j:=%',
    's:=%zz',
    ...COOKIE_NAMES.flatMap((name) => MALFORMED_VALUES.map((value) => `${name}=${value}`)),
  ];
}

export type CredentialPlace = 'x-api-key' | 'bearer' | 'basic' | 'cookie';

/** One malformed credential header for a place. */
export function malformedHeader(place: CredentialPlace, clientIds: readonly string[]): fc.Arbitrary<[string, string]> {
  switch (place) {
    case 'x-api-key':
      return malformedValue.map((value) => ['x-api-key', value]);
    case 'bearer':
      return fc.oneof(fc.constantFrom(...bearerValues()), malformedValue.map((value) => `Bearer ${value}`)).map((value) => ['authorization', value]);
    case 'basic':
      return fc.oneof(fc.constantFrom(...basicValues(clientIds)), fc.tuple(malformedValue, malformedValue).map(([a, b]) => `Basic ${base64(`${a}:${b}`)}`)).map((value) => ['authorization', value]);
    case 'cookie':
      return fc.constantFrom(...cookieValues()).map((value) => ['cookie', value]);
  }
}

/** One or two malformed credential headers in any place: sent to every endpoint, whatever credential it reads. */
export const malformedHeaders = (clientIds: readonly string[]): fc.Arbitrary<[string, string][]> =>
  fc.array(
    fc.constantFrom<CredentialPlace>('x-api-key', 'bearer', 'basic', 'cookie').chain((place) => malformedHeader(place, clientIds)),
    { minLength: 1, maxLength: 2 },
  );

/** Percent-encodes what a form body needs encoded, or leaves a value raw (`%`, `%zz` as written). */
const formValue = fc.oneof(malformedValue.map((value) => ({ raw: false, value })), fc.constantFrom(...MALFORMED_VALUES).map((value) => ({ raw: true, value })));

/**
 * A token or revocation body whose client_id and client_secret are malformed (or a run's client
 * id with a malformed secret), the rest of the valid body kept: form bodies with the values raw
 * or encoded, JSON bodies as strings.
 */
export function malformedClientBody(seed: Record<string, unknown>, format: 'form' | 'json', clientIds: readonly string[]): fc.Arbitrary<string> {
  const id = clientIds.length ? fc.oneof(formValue, fc.constantFrom(...clientIds).map((value) => ({ raw: false, value }))) : formValue;
  return fc.record({ id, secret: formValue }).map(({ id: clientId, secret }) => {
    if (format === 'json') return JSON.stringify({ ...seed, client_id: clientId.value, client_secret: secret.value });
    const rest = new URLSearchParams(Object.entries(seed).filter(([key]) => key !== 'client_id' && key !== 'client_secret').map(([key, value]) => [key, String(value)])).toString();
    const encode = (part: { raw: boolean; value: string }) => (part.raw ? part.value : encodeURIComponent(part.value.replace(/[\uD800-\uDFFF]/g, '\uFFFD')));
    return `${rest}&client_id=${encode(clientId)}&client_secret=${encode(secret)}`;
  });
}
