import { isRecord, route, type Mutant } from '../mutants/mutant.js';

/** Every non-integer number inside a value, rounded to one decimal (a display rounding that leaked into the API). */
function roundDeep(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Math.round(value * 10) / 10;
  if (Array.isArray(value)) return value.map(roundDeep);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)]));
  return value;
}

export const scoringMutants: Mutant[] = [
  {
    id: 'norms-not-published',
    target: 'assessment.scoring.norms.published',
    bug: 'benchmark tags are listed without the norms they score against',
    response(req, res) {
      const tags = route(req) === 'GET /api/v1/benchmark-tags' && isRecord(res.json) && Array.isArray(res.json.tags) ? res.json.tags : [];
      for (const tag of tags) if (isRecord(tag)) delete tag.norms;
    },
  },
  {
    id: 'scores-rounded-for-display',
    target: 'assessment.scoring.tie.z',
    bug: 'scores are rounded to one decimal before they are answered (a second rounding)',
    response(req, res) {
      if (route(req) === 'POST /api/v1/assessment/submit' && isRecord(res.json) && res.json.scores !== undefined) res.json.scores = roundDeep(res.json.scores);
    },
  },
];
