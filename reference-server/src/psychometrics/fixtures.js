import { ITEM_KEYS } from './model.js';
/**
 * Answer sets used by the tests and the documentation's worked example. `workedExample` is the
 * one docs/assessment.md computes by hand: achievement_drive answered as below, every other
 * forward item 4 ("slightly agree") and every other reversed item 3 ("slightly disagree").
 */
export const WORKED_EXAMPLE_ACHIEVEMENT = {
    q5: 5, q13: 2, q21: 6, q29: 1, q37: 4, q45: 3, q53: 5, q61: 2,
    q69: 5, q77: 2, q85: 6, q93: 1, q101: 3, q109: 3, q117: 5, q125: 2,
};
export function answersFrom(fill) {
    return Object.fromEntries(ITEM_KEYS.map((item) => [item.id, fill(item)]));
}
export const workedExample = () => ({
    ...answersFrom((item) => (item.reversed ? 3 : 4)),
    ...WORKED_EXAMPLE_ACHIEVEMENT,
});
/** The same answer to every item. */
export const straightLine = (answer) => answersFrom(() => answer);
//# sourceMappingURL=fixtures.js.map