import type { Dimension, ItemKey } from './model.js';
/**
 * The item texts of instrument version 1.0, written for this reference server (not taken from
 * any published inventory). For each dimension, `forward` items are agreed with by people high
 * on the dimension and `reversed` items by people low on it. The questionnaire alternates them
 * by round (see model.ts): position 2i of a dimension is forward[i], position 2i+1 is reversed[i].
 */
export declare const ITEM_TEXTS: Record<Dimension, {
    forward: readonly string[];
    reversed: readonly string[];
}>;
export declare function itemText(item: ItemKey): string;
