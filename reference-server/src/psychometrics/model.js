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
export const DIMENSIONS = [
    'achievement_drive',
    'perseverance',
    'resilience',
    'risk_tolerance',
    'innovativeness',
    'proactiveness',
    'self_efficacy',
    'autonomy',
];
export const DIMENSION_INFO = {
    achievement_drive: {
        label: 'Achievement drive',
        description: 'Sets demanding standards and strives to excel rather than to get by.',
    },
    perseverance: {
        label: 'Perseverance',
        description: 'Keeps working toward long-term goals through tedium, slow progress and rejection.',
    },
    resilience: {
        label: 'Resilience',
        description: 'Stays steady under pressure and recovers quickly from setbacks and criticism.',
    },
    risk_tolerance: {
        label: 'Risk tolerance',
        description: 'Acts under uncertainty and accepts calculated personal and financial risk.',
    },
    innovativeness: {
        label: 'Innovativeness',
        description: 'Generates original ideas and prefers new approaches to proven routines.',
    },
    proactiveness: {
        label: 'Proactiveness',
        description: 'Anticipates problems and opportunities and takes the initiative before others.',
    },
    self_efficacy: {
        label: 'Self-efficacy',
        description: 'Trusts their own ability to decide, persuade, lead and solve unfamiliar problems.',
    },
    autonomy: {
        label: 'Autonomy',
        description: 'Prefers self-direction, setting their own goals, schedule and way of working.',
    },
};
/** First and last psychometric item numbers (q5..q131). */
export const FIRST_ITEM = 5;
export const LAST_ITEM = 131;
export const ITEM_COUNT = LAST_ITEM - FIRST_ITEM + 1;
/** Lowest and highest answer on the psychometric scale. */
export const SCALE_MIN = 1;
export const SCALE_MAX = 6;
export function itemKey(number) {
    if (!Number.isInteger(number) || number < FIRST_ITEM || number > LAST_ITEM) {
        throw new RangeError(`q${number} is not a psychometric item`);
    }
    const k = number - FIRST_ITEM;
    const round = Math.floor(k / DIMENSIONS.length);
    return {
        id: `q${number}`,
        number,
        dimension: DIMENSIONS[k % DIMENSIONS.length],
        reversed: round % 2 === 1,
        indexInDimension: round,
    };
}
/** Every psychometric item's key, in questionnaire order. */
export const ITEM_KEYS = Array.from({ length: ITEM_COUNT }, (_, i) => itemKey(FIRST_ITEM + i));
/** The items of one dimension, in questionnaire order. */
export function itemsOf(dimension) {
    return ITEM_KEYS.filter((item) => item.dimension === dimension);
}
export const REVERSED_PAIRS = DIMENSIONS.flatMap((dimension) => {
    const items = itemsOf(dimension);
    const pairs = [];
    for (let i = 0; i + 1 < items.length; i += 2) {
        pairs.push({ forward: items[i], reversed: items[i + 1] });
    }
    return pairs;
});
/** The scored value of an answer: x for a forward item, 7 − x for a reversed one. */
export function scoredValue(answer, reversed) {
    return reversed ? SCALE_MIN + SCALE_MAX - answer : answer;
}
//# sourceMappingURL=model.js.map