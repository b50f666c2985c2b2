/**
 * The structure of the entrepreneurial-potential instrument: which psychometric item measures
 * which dimension, and in which direction. Pure data and arithmetic, so a result can be
 * recomputed by hand from docs/assessment.md.
 *
 * Assignment is round-robin: for item `qn` (n = 5..131), k = n − 5; its dimension is
 * DIMENSIONS[k mod 8] and it is reverse-keyed when ⌊k / 8⌋ is odd. Each run of eight items
 * therefore touches every dimension once and keying alternates by run, which spreads each
 * dimension over the whole questionnaire and balances agreement against disagreement.
 * Seven dimensions get 16 items (8 reversed); autonomy gets 15 (7 reversed): 63 reversed in all.
 */
export declare const DIMENSIONS: readonly ["achievement_drive", "perseverance", "resilience", "risk_tolerance", "innovativeness", "proactiveness", "self_efficacy", "autonomy"];
export type Dimension = (typeof DIMENSIONS)[number];
export declare const DIMENSION_INFO: Record<Dimension, {
    label: string;
    description: string;
}>;
/** First and last psychometric item numbers (q5..q131). */
export declare const FIRST_ITEM = 5;
export declare const LAST_ITEM = 131;
export declare const ITEM_COUNT: number;
/** Lowest and highest answer on the psychometric scale. */
export declare const SCALE_MIN = 1;
export declare const SCALE_MAX = 6;
export interface ItemKey {
    /** `q5`..`q131`. */
    id: string;
    number: number;
    dimension: Dimension;
    reversed: boolean;
    /** Position of the item within its dimension (0-based), in questionnaire order. */
    indexInDimension: number;
}
export declare function itemKey(number: number): ItemKey;
/** Every psychometric item's key, in questionnaire order. */
export declare const ITEM_KEYS: readonly ItemKey[];
/** The items of one dimension, in questionnaire order. */
export declare function itemsOf(dimension: Dimension): ItemKey[];
/**
 * Reversed pairs: each reverse-keyed item with the forward item just before it in its
 * dimension (positions 2i and 2i+1). 63 pairs; the inconsistency index is computed over them.
 */
export interface ReversedPair {
    forward: ItemKey;
    reversed: ItemKey;
}
export declare const REVERSED_PAIRS: readonly ReversedPair[];
/** The scored value of an answer: x for a forward item, 7 − x for a reversed one. */
export declare function scoredValue(answer: number, reversed: boolean): number;
