import { type Dimension } from './model.js';
import type { NormReference } from './report.js';
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
export declare const SYNTHETIC_SOURCE: NormSource;
/** The norm used when a submit names no benchmark: a general adult reference group. */
export declare const GENERAL_NORM_ID = "general";
export declare const GENERAL_NORM_NAME = "General adult reference";
export declare const GENERAL_NORM: NormSet;
/** The benchmark catalogue, in the order the benchmark-tags endpoint lists it. */
export declare const BENCHMARK_TAGS: readonly BenchmarkTag[];
export declare function benchmarkTag(id: string): BenchmarkTag | undefined;
/** The norm a submit is scored against: the benchmark's when one is named, else the general one. */
export declare function selectNorm(tag?: BenchmarkTag): {
    norm: NormSet;
    reference: NormReference;
};
