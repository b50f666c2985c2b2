import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from './demo-profiles.js';
import type { ProfileRecord } from './profiles.js';
import { scoreSubmission, type ScoringInput } from './profile-scoring.js';

const profile = (id: string): ProfileRecord => {
  const seeded = DEMO_PROFILES.find((p) => p.id === id);
  if (!seeded) throw new Error(id);
  return { id, orgId: 'org', created_at: '2026-01-01T00:00:00.000Z', ...seeded.input };
};

const input = (overrides: Partial<ScoringInput>): ScoringInput => ({
  profile: profile('prf_seed_deal'),
  fields: {},
  resources: [],
  transcripts: [],
  assessmentOf: () => undefined,
  now: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('scoreSubmission', () => {
  it('is the weighted mean of the criteria, as docs/automation.md computes it by hand', () => {
    const outcome = scoreSubmission(
      input({
        fields: { company: 'Acme', monthly_revenue: '25,000', team_size: 10, stage: 'Seed', pitch: 'Robots' },
        resources: [{ name: 'deck.pdf', url: null }],
        transcripts: [{ title: null, text: 'Our TAM is large and our only competitor is slow.' }],
      }),
    );
    expect(outcome.status).toBe('completed');
    if (outcome.status === 'failed') return;
    const scores = Object.fromEntries(outcome.evaluation.criteria.map((c) => [c.key, c.score]));
    // revenue 25k/50k = 50; team 10/5 → 100; round "Seed" ∈ list → 100; market: tam, market?, competitor → 2 of saturation 3 = 66.7;
    // data room 1/3 = 33.3; website missing 0; pitch 100.
    expect(scores).toEqual({ revenue: 50, team: 100, round: 100, market: 66.7, data_room: 33.3, website: 0, pitch: 100 });
    // (25·50 + 10·100 + 15·100 + 20·66.7 + 15·33.3 + 5·0 + 10·100) / 100 = 6583.5 / 100 = 65.8
    expect(outcome.evaluation.score).toEqual({ overall: 65.8, band: 'promising', partial: false, assessment: 'not_required' });
    expect(outcome.evaluation.report.strengths).toEqual(['Team size', 'Round fit', 'One-line pitch']);
    expect(outcome.evaluation.report.concerns).toEqual(['Data room', 'Website']);
  });

  it('gives the same evaluation for the same input', () => {
    const run = () => scoreSubmission(input({ fields: { company: 'Acme', monthly_revenue: 1 } }));
    expect(run()).toEqual(run());
  });

  it('fails with the missing required fields named', () => {
    const outcome = scoreSubmission(input({ profile: profile('prf_studio_operator'), fields: { name: 'X' } }));
    expect(outcome).toEqual({ status: 'failed', error: expect.objectContaining({ code: 'missing_required_fields', fields: ['email'] }) });
  });

  it('is awaiting_assessment with a partial score until the primary person has a result, then includes the fit', () => {
    const fields = { email: 'Ana@Example.com', name: 'Ana', company: 'Co', stage: 'seed' };
    const waiting = scoreSubmission(input({ profile: profile('prf_preseed_founder'), fields }));
    expect(waiting.status).toBe('awaiting_assessment');
    if (waiting.status === 'failed') return;
    expect(waiting.evaluation.score).toMatchObject({ partial: true, assessment: 'pending' });
    expect(waiting.evaluation.criteria.find((c) => c.key === 'founder_fit')?.score).toBeNull();

    const percentiles = { achievement_drive: 75, perseverance: 80, resilience: 75, risk_tolerance: 65, innovativeness: 70, proactiveness: 75, self_efficacy: 70, autonomy: 40 };
    const asked: string[] = [];
    const done = scoreSubmission(
      input({
        profile: profile('prf_preseed_founder'),
        fields,
        assessmentOf: (email) => (asked.push(email), { resultId: 'res_1', revision: 1, percentiles }),
      }),
    );
    expect(asked).toEqual(['ana@example.com']);
    expect(done.status).toBe('completed');
    if (done.status === 'failed') return;
    // Only autonomy misses its target (60), by 20: 100 − 20/8 = 97.5.
    expect(done.evaluation.criteria.find((c) => c.key === 'founder_fit')?.score).toBe(97.5);
    expect(done.evaluation.founders[0]).toMatchObject({ email: 'ana@example.com', primary: true, assessment: { result_id: 'res_1', fit: 97.5 } });
    expect(done.evaluation.score).toMatchObject({ partial: false, assessment: 'included' });
  });
});
