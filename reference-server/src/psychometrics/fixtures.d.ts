import { ITEM_KEYS } from './model.js';
/**
 * Answer sets used by the tests and the documentation's worked example. `workedExample` is the
 * one docs/assessment.md computes by hand: achievement_drive answered as below, every other
 * forward item 4 ("slightly agree") and every other reversed item 3 ("slightly disagree").
 */
export declare const WORKED_EXAMPLE_ACHIEVEMENT: Readonly<Record<string, number>>;
export declare function answersFrom(fill: (item: (typeof ITEM_KEYS)[number]) => number): Record<string, number>;
export declare const workedExample: () => Record<string, number>;
/** The same answer to every item. */
export declare const straightLine: (answer: number) => Record<string, number>;
