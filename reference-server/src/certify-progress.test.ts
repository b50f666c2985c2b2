import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_INTERVAL_MS, ProgressLines } from './certify-progress.js';
import type { Report } from './certification/index.js';

const T0 = Date.UTC(2026, 10, 28);

function reportWith(outcomes: Record<string, string>, status = 'running'): Report {
  return {
    run: { id: 'crt_test', status, started_at: '', begun_at: '', finished_at: null, started_by: 'certify run', ended: null, integration: { name: 'x', webhook_url: null, redirect_uris: [] } },
    checks: Object.entries(outcomes).map(([id, outcome]) => ({
      id,
      level: 'MUST',
      outcome,
      clause: '',
      title: '',
      summary: outcome === 'pending' ? '' : `${id} was decided.`,
      explanation: null,
      advice: { why: '', fix: '', reach: '' },
      waiting_for: outcome === 'pending' ? `what ${id} waits for` : null,
      evidence: [],
    })),
    summary: { passed: 0, failed: 0, warned: 0, not_run: 0, pending: 0, explained: 0 },
    certificate: null,
  } as Report;
}

describe('certify run’s progress lines', () => {
  it('say each check once as it is decided, and every 30 s what the pending ones wait for', () => {
    const lines: string[] = [];
    const progress = new ProgressLines((line) => lines.push(line), DEFAULT_PROGRESS_INTERVAL_MS, T0);
    progress.see(reportWith({ 'api.honours-retry-after': 'pending', 'api.paginates': 'pending' }), T0 + 250);
    expect(lines).toEqual([]);
    progress.see(reportWith({ 'api.honours-retry-after': 'pass', 'api.paginates': 'pending' }), T0 + 2_000);
    progress.see(reportWith({ 'api.honours-retry-after': 'pass', 'api.paginates': 'pending' }), T0 + 29_999);
    expect(lines).toEqual(['certify: api.honours-retry-after pass: api.honours-retry-after was decided.']);
    progress.see(reportWith({ 'api.honours-retry-after': 'pass', 'api.paginates': 'pending' }), T0 + 30_000);
    progress.see(reportWith({ 'api.honours-retry-after': 'pass', 'api.paginates': 'pending' }), T0 + 45_000);
    expect(lines.slice(1)).toEqual(['certify: 1 check(s) pending:', 'certify:   api.paginates: what api.paginates waits for']);
    progress.see(reportWith({ 'api.honours-retry-after': 'pass', 'api.paginates': 'not_run' }, 'failed'), T0 + 60_000);
    expect(lines.slice(3)).toEqual(['certify: api.paginates not_run: api.paginates was decided.']);
  });
});
