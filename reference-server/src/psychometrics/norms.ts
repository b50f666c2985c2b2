import { DIMENSIONS, type Dimension } from './model.js';
import type { NormReference } from './score-report.js';

/**
 * Norms: the reference distributions a dimension mean is compared with. Each gives, per
 * dimension and for the composite, the mean and standard deviation of the scale mean (1..6) in
 * the reference group and the scale's reliability (Cronbach's α) in that group.
 *
 * Every norm shipped with the reference server is SYNTHETIC: invented to be plausible
 * (founder groups score higher on the entrepreneurial dimensions than the general reference),
 * not measured on real respondents. Each record says so in `source`.
 */
export interface ScaleNorm {
  mean: number;
  sd: number;
  reliability: number;
}

export interface NormSource {
  kind: 'synthetic';
  description: string;
}

export interface NormSet {
  sampleSize: number;
  source: NormSource;
  dimensions: Record<Dimension, ScaleNorm>;
  composite: ScaleNorm;
}

export interface BenchmarkTag {
  id: string;
  name: string;
  industry: string;
  description: string;
  norms: NormSet;
}

export const SYNTHETIC_SOURCE: NormSource = {
  kind: 'synthetic',
  description:
    'Synthetic norms generated for the reference server: plausible values, not measured on real respondents. ' +
    'Do not use them to make decisions about people.',
};

/** α per dimension; the same in every built-in norm (autonomy has one item fewer). */
const RELIABILITY: Record<Dimension, number> = {
  achievement_drive: 0.84,
  perseverance: 0.85,
  resilience: 0.86,
  risk_tolerance: 0.83,
  innovativeness: 0.84,
  proactiveness: 0.85,
  self_efficacy: 0.86,
  autonomy: 0.8,
};
const COMPOSITE_RELIABILITY = 0.94;

function normSet(sampleSize: number, means: number[], sds: number[], composite: [number, number]): NormSet {
  if (means.length !== DIMENSIONS.length || sds.length !== DIMENSIONS.length) throw new Error('a norm needs 8 means and 8 SDs');
  return {
    sampleSize,
    source: SYNTHETIC_SOURCE,
    dimensions: Object.fromEntries(
      DIMENSIONS.map((d, i) => [d, { mean: means[i] as number, sd: sds[i] as number, reliability: RELIABILITY[d] }]),
    ) as Record<Dimension, ScaleNorm>,
    composite: { mean: composite[0], sd: composite[1], reliability: COMPOSITE_RELIABILITY },
  };
}

/** The norm used when a submit names no benchmark: a general adult reference group. */
export const GENERAL_NORM_ID = 'general';
export const GENERAL_NORM_NAME = 'General adult reference';
//                                  ach   per   res   risk  inno  pro   eff   aut
export const GENERAL_NORM: NormSet = normSet(
  2400,
  [4.1, 4.0, 3.85, 3.4, 3.9, 3.8, 4.05, 3.95],
  [0.7, 0.72, 0.78, 0.8, 0.74, 0.75, 0.7, 0.72],
  [3.88, 0.5],
);

const tag = (
  id: string,
  name: string,
  industry: string,
  description: string,
  sampleSize: number,
  means: number[],
  sds: number[],
  composite: [number, number],
): BenchmarkTag => ({ id, name, industry, description, norms: normSet(sampleSize, means, sds, composite) });

/** The benchmark catalogue, in the order the benchmark-tags endpoint lists it. */
export const BENCHMARK_TAGS: readonly BenchmarkTag[] = [
  tag('bt_fintech', 'Fintech founders', 'Financial services', 'Founders of payments, lending, insurance and wealth start-ups.', 820,
    [4.55, 4.35, 4.2, 3.95, 4.25, 4.3, 4.45, 4.4], [0.6, 0.62, 0.66, 0.7, 0.64, 0.63, 0.58, 0.65], [4.31, 0.42]),
  tag('bt_health', 'Health and life-science founders', 'Health and life sciences', 'Founders of digital-health, medtech and biotech companies.', 640,
    [4.5, 4.5, 4.15, 3.7, 4.3, 4.15, 4.35, 4.25], [0.62, 0.58, 0.68, 0.72, 0.62, 0.66, 0.6, 0.66], [4.24, 0.43]),
  tag('bt_climate', 'Climate and energy founders', 'Climate and energy', 'Founders working on decarbonisation, energy and resource efficiency.', 510,
    [4.45, 4.45, 4.1, 3.85, 4.45, 4.3, 4.3, 4.3], [0.63, 0.6, 0.68, 0.72, 0.6, 0.64, 0.62, 0.64], [4.28, 0.42]),
  tag('bt_b2b_software', 'B2B software founders', 'Business software', 'Founders of SaaS and developer-tool companies selling to businesses.', 1150,
    [4.5, 4.35, 4.2, 3.9, 4.2, 4.35, 4.4, 4.35], [0.6, 0.62, 0.65, 0.7, 0.64, 0.62, 0.6, 0.64], [4.28, 0.41]),
  tag('bt_consumer', 'Consumer founders', 'Consumer products', 'Founders of consumer brands, apps and direct-to-consumer businesses.', 730,
    [4.45, 4.25, 4.15, 4.05, 4.4, 4.4, 4.4, 4.45], [0.63, 0.65, 0.68, 0.7, 0.62, 0.62, 0.61, 0.63], [4.32, 0.43]),
  tag('bt_deep_tech', 'Deep-tech founders', 'Deep tech and hardware', 'Founders commercialising research: hardware, materials, quantum, robotics.', 430,
    [4.55, 4.6, 4.2, 3.75, 4.5, 4.1, 4.35, 4.2], [0.6, 0.56, 0.66, 0.74, 0.58, 0.66, 0.62, 0.68], [4.28, 0.42]),
  tag('bt_marketplace', 'Marketplace founders', 'Marketplaces', 'Founders of two-sided marketplaces and platforms.', 560,
    [4.5, 4.3, 4.2, 4.1, 4.25, 4.45, 4.4, 4.4], [0.61, 0.63, 0.66, 0.69, 0.64, 0.6, 0.6, 0.64], [4.33, 0.42]),
  tag('bt_social_enterprise', 'Social-enterprise founders', 'Social impact', 'Founders of mission-led companies and social enterprises.', 470,
    [4.3, 4.4, 4.05, 3.65, 4.25, 4.2, 4.15, 4.2], [0.66, 0.6, 0.7, 0.74, 0.64, 0.66, 0.66, 0.66], [4.15, 0.44]),
  tag('bt_corporate_venturing', 'Corporate innovation leads', 'Corporate venturing', 'Intrapreneurs running new ventures inside established companies.', 690,
    [4.35, 4.2, 4.05, 3.55, 4.3, 4.2, 4.2, 3.95], [0.64, 0.64, 0.68, 0.74, 0.64, 0.66, 0.64, 0.7], [4.1, 0.44]),
  tag('bt_student_founders', 'Student founders', 'Higher education', 'Students and recent graduates building their first venture.', 980,
    [4.2, 3.95, 3.8, 3.9, 4.2, 4.05, 4.0, 4.15], [0.7, 0.72, 0.76, 0.76, 0.7, 0.72, 0.7, 0.7], [4.03, 0.48]),
  tag('bt_family_business', 'Family-business successors', 'Family business', 'Next-generation leaders taking over a family-owned company.', 380,
    [4.2, 4.35, 4.05, 3.45, 3.8, 3.95, 4.15, 3.9], [0.66, 0.62, 0.7, 0.74, 0.7, 0.7, 0.66, 0.72], [3.98, 0.45]),
  tag('bt_venture_ceos', 'Venture-backed CEOs', 'Cross-industry', 'Chief executives of companies that raised Series A or later.', 620,
    [4.65, 4.5, 4.35, 4.05, 4.35, 4.45, 4.6, 4.45], [0.55, 0.58, 0.6, 0.66, 0.6, 0.58, 0.54, 0.6], [4.43, 0.39]),
];

const BY_ID = new Map(BENCHMARK_TAGS.map((t) => [t.id, t]));

export function benchmarkTag(id: string): BenchmarkTag | undefined {
  return BY_ID.get(id);
}

/** The norm a submit is scored against: the benchmark's when one is named, else the general one. */
export function selectNorm(tag?: BenchmarkTag): { norm: NormSet; reference: NormReference } {
  if (!tag) {
    return {
      norm: GENERAL_NORM,
      reference: { id: GENERAL_NORM_ID, name: GENERAL_NORM_NAME, kind: 'general', source: GENERAL_NORM.source.kind },
    };
  }
  return { norm: tag.norms, reference: { id: tag.id, name: tag.name, kind: 'benchmark', source: tag.norms.source.kind } };
}
