import { ASSESSMENT_SCORING_PATH } from './assessment-scoring-guide.js';

/**
 * The score terms of a result in a sentence each, for readers who are not psychometricians, with
 * the full model a link away, served by this server (assessment-scoring-guide.tsx).
 */
export function ScoreTerms() {
  return (
    <details class="explain">
      <summary>What the scores mean</summary>
      <dl>
        <dt>T</dt>
        <dd>The score on a scale where the reference group averages 50 and two in three people fall between 40 and 60.</dd>
        <dt>Percentile</dt>
        <dd>The share of the reference group scoring lower, from 1 to 99: 71 means higher than 71 in 100 people.</dd>
        <dt>Sten</dt>
        <dd>The same position in ten steps, 1 to 10, where 5 and 6 are average.</dd>
        <dt>Band</dt>
        <dd>Low (percentile 35 or below), average (36 to 64) or high (65 or above).</dd>
        <dt>Composite</dt>
        <dd>All 127 statements together, scored against the same reference group.</dd>
        <dt>Norm</dt>
        <dd>The reference group: the general adult reference, or the benchmark the invite or submit named. The built-in norms are synthetic.</dd>
        <dt>Response quality</dt>
        <dd>
          <strong>ok</strong>: the answers look considered. <strong>review</strong>: a pattern suggests care is needed (long runs of the same answer, little spread, agreeing or
          disagreeing with everything, or paired statements answered inconsistently); read the scores with that in mind, perhaps ask the person. <strong>invalid</strong>: the pattern is
          strong enough that the scores should not be relied on.
        </dd>
      </dl>
      <p>
        How each number is computed: <a href={ASSESSMENT_SCORING_PATH}>how an assessment is scored</a>.
      </p>
    </details>
  );
}
