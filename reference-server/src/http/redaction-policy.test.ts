import { describe, expect, it } from 'vitest';
import { redactBodyText, redactHeaders, redactJson } from './redact-exchange.js';
import { redactInlineSecrets, redactUrlSecrets } from './redact-url.js';
import { isSecretHeaderName, isSecretName } from './secret-names.js';

/** The secret every case hides: no output may contain it. */
const S = 'S3cr3tV4lue';

describe('the redaction policy, rule by rule', () => {
  const headerNames: [string, boolean][] = [
    ['Authorization', true],
    ['Authentication', true],
    ['Proxy-Authorization', true],
    ['X-Api-Pass', true],
    ['X-Bearer', true],
    ['X-Refresh', true],
    ['X-Api-Key', true],
    ['Set-Cookie', true],
    ['Cookie', true],
    ['X-Session-Id', true],
    ['X-Hub-Signature-256', true],
    ['X-Hmac', true],
    ['X-Auth-Token', true],
    ['X-CSRF-Token', true],
    ['X-Client-Secret', true],
    ['Content-Type', false],
    ['X-Request-Id', false],
    ['WWW-Authenticate', false],
    ['Access-Control-Allow-Headers', false],
    ['Idempotency-Key', false],
    ['webhook-signature', false],
    ['Keep-Alive', false],
  ];
  it.each(headerNames)('header %s is secret: %s', (name, secret) => {
    expect(isSecretHeaderName(name)).toBe(secret);
    const out = redactHeaders({ [name]: S });
    expect(out[name] === S).toBe(!secret);
  });

  const parameterNames: [string, boolean][] = [
    ['hmac', true],
    ['pass', true],
    ['sessionid', true],
    ['PHPSESSID', true],
    ['userpass', true],
    ['password', true],
    ['access_token', true],
    ['apiKey', true],
    ['code', true],
    ['otp', true],
    ['jwt', true],
    ['refresh', true],
    ['status_code', false],
    ['zip_code', false],
    ['author', false],
    ['passed', false],
    ['monkeys', false],
    ['record_id', false],
    ['email', false],
  ];
  it.each(parameterNames)('query, form and JSON name %s is secret: %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
    expect(redactUrlSecrets(`/p?${name}=${S}&a=1`).includes(S)).toBe(!secret);
    expect(redactBodyText(`${name}=${S}&a=1`, 'application/x-www-form-urlencoded').includes(S)).toBe(!secret);
    expect(JSON.stringify(redactJson({ deep: [{ [name]: S }] })).includes(S)).toBe(!secret);
  });

  const cases: [string, () => string, string[]][] = [
    ['a Bearer credential keeps its scheme', () => redactHeaders({ authentication: `Bearer ${S}` })['authentication'] as string, ['Bearer [redacted]']],
    ['userinfo in an absolute URL', () => redactUrlSecrets(`https://user:${S}@host.example/in`), ['https://[redacted]@host.example/in']],
    ['userinfo whose password holds a raw @', () => redactUrlSecrets(`https://u:a@${S}@host.example/`), ['https://[redacted]@host.example/']],
    ['userinfo inside a JSON string value, at depth', () => redactBodyText(JSON.stringify({ a: { b: [`see https://user:${S}@host.example/x`] } }), 'application/json'), ['https://[redacted]@host.example/x']],
    ['a ?token= in a URL inside running text', () => redactInlineSecrets(`failed at https://h.example/in?token=${S}&x=1.`), ['?token=[redacted]&x=1']],
    ['a URL in a header value (Location)', () => redactHeaders({ location: `https://h.example/cb?code=${S}` })['location'] as string, ['code=[redacted]']],
    ['a GraphQL string literal named password', () => redactBodyText(`mutation { login(email: "a@b.example", password: "${S}") { ok } }`, 'application/graphql'), ['password: "[redacted]"', 'email: "a@b.example"']],
    ['GraphQL literals named secret and token, in an input object and a list', () => redactBodyText(`{ x(input: {secret: "${S}", tokens: ["${S}", "${S}"], name: "n"}) }`, 'application/graphql'), ['secret: "[redacted]"', 'tokens: ["[redacted]", "[redacted]"]', 'name: "n"']],
    ['a GraphQL block string and a variable default', () => redactBodyText(`query Q($token: String = "${S}") { a(apiKey: """${S}""") }`, 'application/graphql'), ['$token: String = "[redacted]"', 'apiKey: "[redacted]"']],
    ['GraphQL over JSON: the query literals and the variables', () => redactBodyText(JSON.stringify({ query: `{ a(token: "${S}") }`, variables: { password: S } }), 'application/json'), ['token: \\"[redacted]\\"', '"password":"[redacted]"']],
    ['a GraphQL document that does not lex is cut as running text', () => redactBodyText(`{ a(x: "unterminated https://u:${S}@h.example/`, 'application/graphql'), ['https://[redacted]@h.example/']],
    ['a form value holding a URL with userinfo', () => redactBodyText(`next=${encodeURIComponent(`https://u:${S}@h.example/`)}&a=1`, 'application/x-www-form-urlencoded'), [`next=${encodeURIComponent('https://[redacted]@h.example/')}&a=1`]],
    ['access_token and refresh_token of a JSON answer', () => redactBodyText(JSON.stringify({ access_token: S, refresh_token: S, token_type: 'bearer', expires_in: 3600 }), 'application/json'), ['"expires_in":3600']],
    ['JSON cut short still loses secret-named values', () => redactBodyText(`{"ok":true,"access_token":"${S}","more":"cut her`, 'application/json'), ['"access_token":"[redacted]"']],
    ['secret pairs in plain text', () => redactBodyText(`token=${S}\npassword: ${S}\n"secret": "${S}"\nAuthorization: Bearer ${S}`, 'text/plain'), ['token=[redacted]', 'password: [redacted]', '"secret": "[redacted]"', 'Authorization: Bearer [redacted]']],
    ['secret-named XML elements', () => redactBodyText(`<r><apiKey>${S}</apiKey><id>7</id></r>`, 'application/xml'), ['<apiKey>[redacted]</apiKey>', '<id>7</id>']],
    ['a JWT anywhere', () => redactBodyText(`id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.${S}`, 'text/plain'), ['id [redacted]']],
    ['a binary or unknown body is not kept', () => redactBodyText(`${S}\u0000\u0001`, 'application/octet-stream'), ['bytes of application/octet-stream: not kept']],
    ['a multipart body is not kept', () => redactBodyText(`--b\r\nContent-Disposition: form-data; name="password"\r\n\r\n${S}\r\n--b--`, 'multipart/form-data; boundary=b'), ['not kept']],
  ];
  it.each(cases)('%s', (_name, run, expected) => {
    const out = run();
    expect(out).not.toContain(S);
    for (const part of expected) expect(out).toContain(part);
  });

  it('leaves ordinary prose, ordinary JSON and plain URLs alone, and is idempotent', () => {
    const prose = 'Basic authentication failed: the receiver answered 401. See https://docs.example/webhooks?page=2.';
    expect(redactBodyText(prose, 'text/plain')).toBe(prose);
    const json = JSON.stringify({ status_code: 200, author: 'Kim', summary: { passed: 3 }, url: 'https://h.example/in?channel=deals' });
    expect(redactBodyText(json, 'application/json')).toBe(json);
    const once = redactBodyText(`token=${S}&a="https://u:${S}@h/"`, 'text/plain');
    expect(redactBodyText(once, 'text/plain')).toBe(once);
  });
});
