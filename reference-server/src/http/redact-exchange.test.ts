import { describe, expect, it } from 'vitest';
import { redactBodyText, redactHeaders, redactJson, TOO_DEEP } from './redact-exchange.js';

describe('redaction of headers and bodies, by the URL rules', () => {
  it('cuts credential headers (keeping the scheme), cookies and secret-named headers; leaves the rest', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer eyJhbGciOi.abc.def',
        'x-api-key': 'pis_auto_abcdef',
        cookie: 'pis_ws_session=abc; theme=dark',
        'set-cookie': ['a=1', 'b=2'],
        'x-webhook-secret': 'hunter2',
        'proxy-authorization': 'Basic dXNlcjpwYXNz',
        'content-type': 'application/json',
        'x-request-id': 'req_1',
        'content-length': 42,
      }),
    ).toEqual({
      authorization: 'Bearer [redacted]',
      'x-api-key': '[redacted]',
      cookie: '[redacted]',
      'set-cookie': '[redacted]',
      'x-webhook-secret': '[redacted]',
      'proxy-authorization': 'Basic [redacted]',
      'content-type': 'application/json',
      'x-request-id': 'req_1',
      'content-length': '42',
    });
  });

  it('cuts secret-named JSON fields at any depth, issued secrets in any string, and secrets in URLs held in fields', () => {
    expect(
      redactJson({
        client_secret: 'cs',
        nested: [{ refreshToken: 'rt', note: 'key is pis_auto_abc123' }],
        url: 'https://hooks.example/in?token=t0k&channel=deals',
        secret: 'whsec_abc',
        record_id: 'r1',
        empty_token: '',
      }),
    ).toEqual({
      client_secret: '[redacted]',
      nested: [{ refreshToken: '[redacted]', note: 'key is pis_auto_[redacted]' }],
      url: 'https://hooks.example/in?token=[redacted]&channel=deals',
      secret: '[redacted]',
      record_id: 'r1',
      empty_token: '',
    });
  });

  it('stops at the nesting limit instead of walking a body thousands of levels deep', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) as unknown;
    const kept = JSON.stringify(redactJson({ token: 't', x: deep }));
    expect(kept).toContain('"token":"[redacted]"');
    expect(kept).toContain(TOO_DEEP);
    expect(kept.length).toBeLessThan(1000);
  });

  it('still cuts secret-named fields in JSON cut short, and issued secrets in any text', () => {
    const cut = '{"id":"whk_1","secret":"whsec_c2VjcmV0","api_key":"abc123","url":"http://x/?a=1","description":"partial te';
    const out = redactBodyText(cut);
    expect(out).not.toContain('c2VjcmV0');
    expect(out).not.toContain('abc123');
    expect(out).toContain('"id":"whk_1"');
    expect(out).toContain('"api_key":"[redacted]"');
    expect(redactBodyText('query { me { email } } # pis_partner_xyz')).toBe('query { me { email } } # pis_partner_[redacted]');
    expect(redactBodyText('{"query":"{ me { email } }","variables":{"password":"p"}}')).toBe('{"query":"{ me { email } }","variables":{"password":"[redacted]"}}');
  });
});
