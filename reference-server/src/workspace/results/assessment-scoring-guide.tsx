import { type Column, Table } from '../../pages/index.js';
import {
  BENCHMARK_TAGS,
  DIMENSION_INFO,
  DIMENSIONS,
  FIRST_ITEM,
  GENERAL_NORM,
  GENERAL_NORM_ID,
  GENERAL_NORM_NAME,
  LAST_ITEM,
  QUALITY_THRESHOLDS,
  SCALE_MAX,
  SCALE_MIN,
  itemsOf,
  type Dimension,
  type NormSet,
  type ScaleNorm,
} from '../../psychometrics/index.js';
import { type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';

/** Where a result's reader finds how each number is computed: served by this server (docs/assessment.md says the same). */
export const ASSESSMENT_SCORING_PATH = `${WORKSPACE_PATH}/results/scoring`;

const ITEMS = LAST_ITEM - FIRST_ITEM + 1;
const REVERSE_FROM = SCALE_MIN + SCALE_MAX;

interface NormRow {
  id: string;
  name: string;
  norm: NormSet;
}

const NORMS: readonly NormRow[] = [{ id: GENERAL_NORM_ID, name: GENERAL_NORM_NAME, norm: GENERAL_NORM }, ...BENCHMARK_TAGS.map((tag) => ({ id: tag.id, name: tag.name, norm: tag.norms }))];

interface ScaleRow {
  label: string;
  scale: ScaleNorm;
}

const scalesOf = (norm: NormSet): ScaleRow[] => [...DIMENSIONS.map((d) => ({ label: DIMENSION_INFO[d].label, scale: norm.dimensions[d] })), { label: 'Composite', scale: norm.composite }];

const SCALE_COLUMNS: readonly Column<ScaleRow>[] = [
  { heading: 'Scale', cell: (row) => row.label },
  { heading: 'Mean μ', kind: 'numeric', cell: (row) => row.scale.mean.toFixed(2) },
  { heading: 'SD σ', kind: 'numeric', cell: (row) => row.scale.sd.toFixed(2) },
  { heading: 'Reliability α', kind: 'numeric', cell: (row) => row.scale.reliability.toFixed(2) },
];

/** One norm's statistics, folded: a reader opens the one their result names (the general one is open). */
function NormDetails({ row, open }: { row: NormRow; open: boolean }) {
  return (
    <details class="explain" open={open}>
      <summary>
        {row.name} <code>{row.id}</code>, n = {row.norm.sampleSize}
      </summary>
      <Table label={`${row.name}: mean, SD and reliability of each scale`} columns={SCALE_COLUMNS} rows={scalesOf(row.norm)} />
    </details>
  );
}

const DIMENSION_COLUMNS: readonly Column<Dimension>[] = [
  { heading: 'Dimension', cell: (d) => <>{DIMENSION_INFO[d].label} <code>{d}</code></> },
  { heading: 'Statements', kind: 'numeric', cell: (d) => itemsOf(d).length },
  { heading: 'What it describes', cell: (d) => DIMENSION_INFO[d].description },
];

interface QualityRow {
  index: string;
  from: string;
  review: string;
  invalid: string;
}

const { longRun, lowSpread, acquiescence, inconsistency } = QUALITY_THRESHOLDS;
const QUALITY_ROWS: readonly QualityRow[] = [
  { index: 'longestRun', from: 'The longest run of identical consecutive answers', review: `${longRun.review} or more`, invalid: `${longRun.invalid} or more` },
  { index: 'spread', from: 'The population standard deviation of the answers', review: `below ${lowSpread.review}`, invalid: 'never' },
  { index: 'acquiescence (a)', from: 'The mean answer over the reversed pairs − 3.5', review: `|a| of ${acquiescence.review} or more`, invalid: `|a| of ${acquiescence.invalid} or more` },
  { index: 'inconsistency', from: `The mean |forward − (${REVERSE_FROM} − reversed)| over the reversed pairs`, review: `${inconsistency.review} or more`, invalid: `${inconsistency.invalid} or more` },
];

const QUALITY_COLUMNS: readonly Column<QualityRow>[] = [
  { heading: 'Index', cell: (row) => <code>{row.index}</code> },
  { heading: 'Computed from', cell: (row) => row.from },
  { heading: 'Review at', cell: (row) => row.review },
  { heading: 'Invalid at', cell: (row) => row.invalid },
];

/**
 * How an assessment result's numbers are computed, drawn from the constants the scoring itself
 * uses (dimensions, keying, norms, quality thresholds), so the page cannot drift from the code.
 */
export function AssessmentScoringPage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <WorkspacePage member={member} title="How an assessment is scored" section="results" csrfToken={csrfToken} back={{ href: `${WORKSPACE_PATH}/results`, text: 'Back to results' }}>
      <h1>How an assessment is scored</h1>
      <p>
        Statements q{FIRST_ITEM} to q{LAST_ITEM} ({ITEMS} in all) are answered from {SCALE_MIN} (strongly disagree) to {SCALE_MAX} (strongly agree). Each belongs to one of eight dimensions; every
        number below is computed exactly and rounded once, half away from zero, when published.
      </p>
      <h2 id="dimensions">The dimensions</h2>
      <Table labelledBy="dimensions" columns={DIMENSION_COLUMNS} rows={DIMENSIONS} />
      <h2 id="steps">From answers to scores</h2>
      <ol>
        <li>
          <strong>Keying.</strong> For statement q<var>n</var>, k = n − {FIRST_ITEM}: its dimension is row k mod 8 of the table above (counting from 0), and it is reverse-keyed when ⌊k / 8⌋ is odd.
        </li>
        <li>
          <strong>Scored value.</strong> The answer x for a forward statement, {REVERSE_FROM} − x for a reversed one.
        </li>
        <li>
          <strong>Per dimension.</strong> The sum of scored values; mean = sum ÷ statements; POMP = (mean − {SCALE_MIN}) ÷ {SCALE_MAX - SCALE_MIN} × 100.
        </li>
        <li>
          <strong>Against the norm</strong> (μ, σ and reliability α of the dimension in the reference group): z = (mean − μ) ÷ σ; T = 50 + 10z; percentile = 100·Φ(z), from 1 to 99; sten = ⌊2z +
          6⌋, from 1 to 10; band low (percentile 35 or below), average, or high (65 or above); the 95% band is T ± 1.96 × 10·√(1 − α).
        </li>
        <li>
          <strong>Composite.</strong> The mean of all {ITEMS} scored values, normed the same way with the norm's composite μ, σ and α.
        </li>
      </ol>
      <h2 id="norms">The norms</h2>
      <p>
        The mean μ, standard deviation σ and reliability α of each scale's mean (1 to 6) in the reference group, of n people. A result is normed against the benchmark its invite or submit named, else the general adult reference. Every built-in norm is{' '}
        <strong>synthetic</strong>: plausible, not measured.
      </p>
      {NORMS.map((row, i) => (
        <NormDetails row={row} open={i === 0} />
      ))}
      <h2 id="quality">Response quality</h2>
      <p>Reported with every result; the scores are returned whatever it says. A reversed pair is a reverse-keyed statement and the forward one just before it in the same dimension.</p>
      <Table labelledBy="quality" columns={QUALITY_COLUMNS} rows={QUALITY_ROWS} />
      <p>
        The status is <strong>invalid</strong> if any index reaches its invalid threshold, else <strong>review</strong> if any reaches its review threshold, else <strong>ok</strong>. Each threshold
        is judged on the exact index, before the published two-decimal rounding.
      </p>
    </WorkspacePage>
  );
}
