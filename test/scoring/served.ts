import { DIMENSIONS, scoreAnswers, type Norms, type PublishedScores } from './oracle.js';

/**
 * Reading a deployment's served norms and a served `scores` object in the oracle's terms, so a
 * test or a conformance check can recompute a result from the answers and the served norms alone.
 */
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The norms of `GET /api/v1/benchmark-tags` (one page of up to 100): `general` and every tag id. */
export function servedNorms(body: unknown): Map<string, Norms> {
  const norms = new Map<string, Norms>();
  if (!isObject(body)) return norms;
  const general = body.generalNorm;
  if (isObject(general) && isNorms(general.norms)) norms.set(String(general.id), general.norms);
  for (const tag of Array.isArray(body.tags) ? body.tags : []) if (isObject(tag) && isNorms(tag.norms)) norms.set(String(tag.id), tag.norms);
  return norms;
}

function isNorms(value: unknown): value is Norms {
  const scale = (s: unknown) => isObject(s) && ['mean', 'sd', 'reliability'].every((k) => typeof s[k] === 'number');
  return isObject(value) && isObject(value.dimensions) && DIMENSIONS.every((d) => scale((value.dimensions as Json)[d])) && scale(value.composite);
}

/** The numbers of a served `scores` object that the oracle recomputes (labels and model ids left out). */
export function servedNumbers(scores: unknown): unknown {
  if (!isObject(scores) || !isObject(scores.dimensions)) return scores;
  const dimensions = Object.fromEntries(
    Object.entries(scores.dimensions).map(([d, score]) => {
      if (!isObject(score)) return [d, score];
      const { label: _label, ...numbers } = score;
      return [d, numbers];
    }),
  );
  return { dimensions, composite: scores.composite, quality: scores.quality };
}

/** What the documents say `scores` must hold for these answers and this norm. */
export const expectedNumbers = (answers: Readonly<Record<string, number>>, norms: Norms): PublishedScores => scoreAnswers(answers, norms);
