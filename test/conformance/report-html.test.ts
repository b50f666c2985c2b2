import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from './report-html.js';
import type { CheckResult } from './runner.js';

const result = (id: string, outcome: CheckResult['outcome'], reason?: string): CheckResult => ({
  check: { id, clause: `Clause <b>${id}</b>`, title: `title of ${id} & more`, run: async () => {} },
  outcome,
  ...(reason ? { reason } : {}),
  ms: 12,
  exchanges: [
    {
      request: { method: 'POST', url: 'http://x.example/api', headers: { authorization: 'Bearer sk_live_the_secret_value' }, body: '{"q":"<script>alert(1)</script>"}' },
      response: { status: 200, statusText: 'OK', headers: [['content-type', 'text/html']], body: '<img src=x onerror=alert(2)>' },
    },
  ],
});

describe('the HTML certification report', () => {
  const html = renderHtmlReport({
    baseUrl: 'https://partner.example/"><script>',
    results: [result('oauth.one', 'pass'), result('oauth.two', 'fail', 'leaked sk_live_the_secret_value <i>'), result('graphql.three', 'skip', 'needs X')],
    secrets: new Map([['sk_live_the_secret_value', 'partnerCredential']]),
    date: new Date('2026-11-23T12:00:00Z'),
    version: '0.1.0 (checks abc)',
    requireAll: true,
  });

  it('escapes everything a deployment or a check says, and redacts every secret', () => {
    expect(html).not.toMatch(/<script>|<img|<b>|<i>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toContain('sk_live_the_secret_value');
    expect(html).toContain('Bearer ‹partnerCredential›');
    expect(html).toContain('leaked ‹partnerCredential› &lt;i&gt;');
  });

  it('names the deployment, date, suite version and verdict, and groups the clauses by surface', () => {
    expect(html).toContain('https://partner.example/&quot;&gt;&lt;script&gt;');
    expect(html).toContain('2026-11-23T12:00:00.000Z');
    expect(html).toContain('0.1.0 (checks abc)');
    expect(html).toContain('Does not conform: 1 check failed and 1 was skipped.');
    expect(html.indexOf('OAuth 2.0 (/api/oauth)')).toBeLessThan(html.indexOf('Partner GraphQL (/api)'));
    expect(html).toContain('aria-label="Clause &lt;b&gt;oauth.two&lt;/b&gt;"');
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
  });
});
