import { FIXED_CASES, type Answers } from '../../scoring/answer-sets.js';
import type { Norms } from '../../scoring/oracle.js';
import { expectedNumbers, servedNorms, servedNumbers } from '../../scoring/served.js';
import { ensure, ensureEqual, ensureStatus, field, isObject, jsonObject, type JsonObject } from '../assert.js';
import type { Check, CheckContext } from '../runner.js';

/**
 * The reference server's documented scoring model (docs/assessment.md, which the spec leaves to
 * the deployment) at the values where exact arithmetic matters: a rounding tie, a sten boundary,
 * a CI end next to a tie. Each check recomputes the whole result from the answers and the norms
 * the deployment serves, and also pins the documented number of the case.
 */
const CLAUSE = 'docs/assessment.md · The scoring model (exact values, one rounding half away from zero)';
const key = (t: CheckContext) => ({ 'x-api-key': t.cred('developerKey') });

async function norms(t: CheckContext): Promise<Map<string, Norms>> {
  return t.shared('scoring.norms', async () => {
    const reply = await t.http.get('/api/v1/benchmark-tags?limit=100', { headers: key(t) });
    ensureStatus(reply, 200);
    return servedNorms(reply.json);
  });
}

/** Submits the answers, and checks every number of the scores against the served norms. */
async function scored(t: CheckContext, answers: Answers, tag: string): Promise<JsonObject> {
  const served = (await norms(t)).get(tag);
  ensure(served, `GET /api/v1/benchmark-tags serves no norms for ${tag}`);
  const json = { email: `${t.unique('scoring-')}@conformance.example`, full_name: 'Conformance Check', ...answers, ...(tag === 'general' ? {} : { benchmark_tag_id: tag }) };
  const reply = await t.http.post('/api/v1/assessment/submit', { headers: key(t), json });
  ensureStatus(reply, 200);
  const scores = field<JsonObject>(jsonObject(reply), 'scores', 'object');
  ensureEqual(servedNumbers(scores), expectedNumbers(answers, served), `scores recomputed from the answers and the served ${tag} norms`);
  return scores;
}

const dimension = (scores: JsonObject, name: string): JsonObject => {
  const dimensions = field<JsonObject>(scores, 'dimensions', 'object');
  ensure(isObject(dimensions[name]), `scores.dimensions.${name} is missing`);
  return dimensions[name];
};

export const scoringChecks: Check[] = [
  {
    id: 'assessment.scoring.norms.published',
    clause: 'docs/assessment.md · The norms',
    title: 'benchmark-tags serves every norm scoring uses: generalNorm and each tag, 8 dimensions and the composite',
    needs: ['developerKey'],
    async run(t) {
      const served = await norms(t);
      ensure(served.has('general'), 'no generalNorm with μ, σ and reliability for every dimension and the composite');
      ensure(served.size >= 2, 'no benchmark tag carries its norms');
    },
  },
  {
    id: 'assessment.scoring.untagged.reproducible',
    clause: CLAUSE,
    title: 'an untagged result is reproduced from its answers and the served general norm',
    needs: ['developerKey'],
    async run(t) {
      const answers = Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, ((i * 5 + 2) % 6) + 1]));
      const scores = await scored(t, answers, 'general');
      ensureEqual(isObject(scores.norm) ? scores.norm.id : undefined, 'general', 'scores.norm.id');
    },
  },
  {
    id: 'assessment.scoring.tie.z',
    clause: CLAUSE,
    title: 'z on a tie rounds half away from zero: resilience mean 3.625 against bt_corporate_venturing is −0.63',
    needs: ['developerKey'],
    async run(t) {
      const scores = await scored(t, FIXED_CASES.zTie.answers, FIXED_CASES.zTie.norm);
      ensureEqual(dimension(scores, 'resilience').z, -0.63, 'resilience.z');
    },
  },
  {
    id: 'assessment.scoring.tie.t',
    clause: CLAUSE,
    title: 'T on a tie rounds half away from zero: perseverance sum 34 against bt_climate is 11.3',
    needs: ['developerKey'],
    async run(t) {
      const scores = await scored(t, FIXED_CASES.tTie.answers, FIXED_CASES.tTie.norm);
      ensureEqual(dimension(scores, 'perseverance').t, 11.3, 'perseverance.t');
    },
  },
  {
    id: 'assessment.scoring.boundary.sten',
    clause: CLAUSE,
    title: 'sten on a boundary is decided on the exact z: every answer 3, self_efficacy against bt_b2b_software is sten 3',
    needs: ['developerKey'],
    async run(t) {
      const scores = await scored(t, FIXED_CASES.stenBoundary.answers, FIXED_CASES.stenBoundary.norm);
      const score = dimension(scores, 'self_efficacy');
      ensureEqual([score.z, score.sten], [-1.5, 3], 'self_efficacy [z, sten]');
    },
  },
  {
    id: 'assessment.scoring.ci.multiplier',
    clause: CLAUSE,
    title: 'the 95% band uses exactly 1.96: every answer 2, autonomy against bt_fintech has tLow 25.8',
    needs: ['developerKey'],
    async run(t) {
      const scores = await scored(t, FIXED_CASES.ciMultiplier.answers, FIXED_CASES.ciMultiplier.norm);
      const ci = dimension(scores, 'autonomy').ci95;
      ensureEqual(isObject(ci) ? ci.tLow : ci, 25.8, 'autonomy.ci95.tLow');
    },
  },
];
