/**
 * How the lists' search (`q`) reads text: lower-case words, accents folded, and a query matches
 * when every word typed begins a word of the text ("grace hop" finds "Grace Hopper",
 * "navy.mil" finds "grace@navy.mil"). Shared by the submissions index and the small lists
 * (profiles, webhook subscriptions) that filter in full.
 */
/** "José O'Neil-Smith" → ["jose", "o", "neil", "smith"]. */
export declare function searchWords(text: string): string[];
/** The distinct words of every string among `texts` (others are skipped). */
export declare function wordsOfTexts(texts: readonly unknown[]): string[];
/** Whether every word typed begins one of `words`. */
export declare function typedMatch(typed: readonly string[], words: readonly string[]): boolean;
/** Whether `query` matches the texts; an empty query matches everything. */
export declare function textMatches(texts: readonly unknown[], query: string | undefined): boolean;
