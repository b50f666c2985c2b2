/**
 * How the lists' search (`q`) reads text: lower-case words, accents folded, and a query matches
 * when every word typed begins a word of the text ("grace hop" finds "Grace Hopper",
 * "navy.mil" finds "grace@navy.mil"). Shared by the submissions index and the small lists
 * (profiles, webhook subscriptions) that filter in full.
 */
/** "José O'Neil-Smith" → ["jose", "o", "neil", "smith"]. */
export function searchWords(text) {
    return text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word !== '');
}
/** The distinct words of every string among `texts` (others are skipped). */
export function wordsOfTexts(texts) {
    return [...new Set(texts.filter((t) => typeof t === 'string').flatMap(searchWords))];
}
/** Whether every word typed begins one of `words`. */
export function typedMatch(typed, words) {
    return typed.every((t) => words.some((word) => word.startsWith(t)));
}
/** Whether `query` matches the texts; an empty query matches everything. */
export function textMatches(texts, query) {
    return query === undefined || typedMatch(searchWords(query), wordsOfTexts(texts));
}
//# sourceMappingURL=search-words.js.map