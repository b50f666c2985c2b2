/**
 * Samples of what the Assessment API returns, taken from the reference server's answers
 * (`test/assessment.test.ts` checks their shape against live responses and the server's own
 * response schemas). One real scored person, against the fintech benchmark.
 */
export const SCORES_SAMPLE = {
  model: 'entrepreneurial-potential-8d',
  modelVersion: '1.0',
  instrumentVersion: '1.0',
  norm: {
    id: 'bt_fintech',
    name: 'Fintech founders',
    kind: 'benchmark',
    source: 'synthetic'
  },
  dimensions: {
    achievement_drive: {
      label: 'Achievement drive',
      items: 16,
      sum: 58,
      mean: 3.63,
      pomp: 52.5,
      z: -1.54,
      t: 34.6,
      percentile: 6,
      sten: 2,
      band: 'low',
      ci95: {
        tLow: 26.7,
        tHigh: 42.4,
        percentileLow: 1,
        percentileHigh: 22
      }
    },
    perseverance: {
      label: 'Perseverance',
      items: 16,
      sum: 58,
      mean: 3.63,
      pomp: 52.5,
      z: -1.17,
      t: 38.3,
      percentile: 12,
      sten: 3,
      band: 'low',
      ci95: {
        tLow: 30.7,
        tHigh: 45.9,
        percentileLow: 3,
        percentileHigh: 34
      }
    },
    resilience: {
      label: 'Resilience',
      items: 16,
      sum: 58,
      mean: 3.63,
      pomp: 52.5,
      z: -0.87,
      t: 41.3,
      percentile: 19,
      sten: 4,
      band: 'low',
      ci95: {
        tLow: 34,
        tHigh: 48.6,
        percentileLow: 5,
        percentileHigh: 45
      }
    },
    risk_tolerance: {
      label: 'Risk tolerance',
      items: 16,
      sum: 52,
      mean: 3.25,
      pomp: 45,
      z: -1,
      t: 40,
      percentile: 16,
      sten: 3,
      band: 'low',
      ci95: {
        tLow: 31.9,
        tHigh: 48.1,
        percentileLow: 4,
        percentileHigh: 42
      }
    },
    innovativeness: {
      label: 'Innovativeness',
      items: 16,
      sum: 52,
      mean: 3.25,
      pomp: 45,
      z: -1.56,
      t: 34.4,
      percentile: 6,
      sten: 2,
      band: 'low',
      ci95: {
        tLow: 26.5,
        tHigh: 42.2,
        percentileLow: 1,
        percentileHigh: 22
      }
    },
    proactiveness: {
      label: 'Proactiveness',
      items: 16,
      sum: 58,
      mean: 3.63,
      pomp: 52.5,
      z: -1.07,
      t: 39.3,
      percentile: 14,
      sten: 3,
      band: 'low',
      ci95: {
        tLow: 31.7,
        tHigh: 46.9,
        percentileLow: 3,
        percentileHigh: 38
      }
    },
    self_efficacy: {
      label: 'Self-efficacy',
      items: 16,
      sum: 58,
      mean: 3.63,
      pomp: 52.5,
      z: -1.42,
      t: 35.8,
      percentile: 8,
      sten: 3,
      band: 'low',
      ci95: {
        tLow: 28.4,
        tHigh: 43.1,
        percentileLow: 2,
        percentileHigh: 25
      }
    },
    autonomy: {
      label: 'Autonomy',
      items: 15,
      sum: 52,
      mean: 3.47,
      pomp: 49.3,
      z: -1.44,
      t: 35.6,
      percentile: 8,
      sten: 3,
      band: 'low',
      ci95: {
        tLow: 26.9,
        tHigh: 44.4,
        percentileLow: 1,
        percentileHigh: 29
      }
    }
  },
  composite: {
    items: 127,
    sum: 446,
    mean: 3.51,
    pomp: 50.2,
    z: -1.9,
    t: 31,
    percentile: 3,
    sten: 2,
    band: 'low',
    ci95: {
      tLow: 26.2,
      tHigh: 35.8,
      percentileLow: 1,
      percentileHigh: 8
    }
  },
  quality: {
    status: 'review',
    flags: [
      'inconsistent'
    ],
    indices: {
      longestRun: 1,
      spread: 1.72,
      acquiescence: 0.01,
      inconsistency: 1.7
    }
  }
};

/** `POST /api/v1/assessment/submit` → 200. */
export const SUBMIT_SAMPLE = {
  success: true,
  responseId: 'res_ql09xwMRYRh42rTh',
  scores: SCORES_SAMPLE,
  benchmarkApplied: true,
  replaced: false,
};

const ANSWERS_SAMPLE = Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, ((i + 5) * 7) % 6 + 1]));

/** `GET /api/v1/assessment/results?email=` → 200 `result`. */
export const RESULT_SAMPLE = {
  id: 'res_ql09xwMRYRh42rTh',
  responseId: 'res_ql09xwMRYRh42rTh',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  benchmarkTagId: 'bt_fintech',
  benchmarkApplied: true,
  scores: SCORES_SAMPLE,
  answers: ANSWERS_SAMPLE,
  context: { q2: 'founder', q137: true },
  revision: 1,
  createdAt: '2026-06-01T09:30:00.000Z',
  submittedAt: '2026-06-01T09:30:00.000Z',
  crmSync: { status: 'not_configured', attempts: 0 },
  /** `api` for a submit, `invite` when a participant finished an invite link. */
  source: 'api',
};

/** One tag of `GET /api/v1/benchmark-tags`. */
export const BENCHMARK_TAG_SAMPLE = {
  id: 'bt_fintech',
  name: 'Fintech founders',
  industry: 'Financial services',
  description: 'Founders of payments, lending, insurance and wealth start-ups.',
  norms: {
    source: {
      kind: 'synthetic',
      description:
        'Synthetic norms generated for the reference server: plausible values, not measured on real respondents. Do not use them to make decisions about people.',
    },
    sampleSize: 820,
    dimensions: {
      achievement_drive: { mean: 4.55, sd: 0.6, reliability: 0.84 },
      perseverance: { mean: 4.35, sd: 0.62, reliability: 0.85 },
      resilience: { mean: 4.2, sd: 0.66, reliability: 0.86 },
      risk_tolerance: { mean: 3.95, sd: 0.7, reliability: 0.83 },
      innovativeness: { mean: 4.25, sd: 0.64, reliability: 0.84 },
      proactiveness: { mean: 4.3, sd: 0.63, reliability: 0.85 },
      self_efficacy: { mean: 4.45, sd: 0.58, reliability: 0.86 },
      autonomy: { mean: 4.4, sd: 0.65, reliability: 0.8 },
    },
    composite: { mean: 4.31, sd: 0.42, reliability: 0.94 },
  },
};

/** Labels of whole keys of an assessment result. */
export const RESULT_KEY_LABELS: Record<string, string> = { id: 'result ID', responseId: 'response ID' };

/** Words for the key segments of assessment outputs (see output-fields.ts). */
export const ASSESSMENT_LABELS: Record<string, string> = {
  id: 'ID',
  scores: '',
  dimensions: '',
  indices: '',
  model: 'scoring model',
  modelVersion: 'scoring model version',
  instrumentVersion: 'instrument version',
  benchmarkTagId: 'benchmark tag ID',
  ci95: '95% band',
  tLow: 'T low',
  tHigh: 'T high',
  t: 'T score',
  z: 'Z score',
  pomp: 'POMP',
  sten: 'sten',
  crmSync: 'CRM sync',
  answers: 'answer',
  context: 'context',
  fullName: 'full name',
  sd: 'SD',
};
