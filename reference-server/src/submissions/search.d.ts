import type { AppContext } from '../context.js';
import type { Page } from '../store/store.js';
import { type SubmissionRecord } from './records.js';
/**
 * Search over an organisation's submissions by what people type: part of a name, a company, an
 * email, a record ID or a submission ID, read as search-words.ts reads text.
 *
 * One index per organisation, in memory. Each submission gets a place in the organisation's order
 * (higher is newer), and every list below holds places in ascending order, because submissions
 * are learnt oldest first and only appended. A page walks one typed word's lists newest first from
 * the cursor and stops at the page's end, so a page costs about its own length whether the
 * organisation holds 100 submissions or 100,000, and whether the word matches one of them or all
 * (a person's first letter, a shared email domain). Reading every match and sorting it would cost
 * the number of matches on every page, and pages² to walk them all.
 *
 * The words of a submission never change after it is created (a repeated record_id with other
 * fields is refused), so the index only has to learn new ones: each search first reads the
 * submissions created since the last (newest first, up to the newest it knows). A submission that
 * is gone (retention) is dropped when a search meets it.
 */
/** Whether every word of `text` begins a word of the submission. */
export declare function matchesSearch(submission: SubmissionRecord, text: string): boolean;
/**
 * The places of ascending `lists` below `before`, newest first, each once (a submission with two
 * words in a range sits in two lists). A max-heap of the lists' next places keeps each step at
 * log(lists) however many lists a range gave.
 */
export declare function newestFirst(lists: readonly (readonly number[])[], before: number): Generator<number>;
export interface SearchQuery {
    /** What was typed; words are matched as prefixes of the submission's words. */
    text: string;
    limit: number;
    /** Continue after this submission id (newest first). */
    after?: string;
    /** The list's other filters (status, profile, …), checked on each match. */
    filter?: (submission: SubmissionRecord) => boolean;
}
export declare class SubmissionSearch {
    #private;
    private readonly ctx;
    constructor(ctx: Pick<AppContext, 'store'>);
    /** A page of the organisation's submissions matching the query, newest first; undefined when it has no word. */
    search(orgId: string, query: SearchQuery): Page<SubmissionRecord> | undefined;
    /** How many submissions the organisation's index holds places for, gone ones included (0 before its first search). */
    places(orgId: string): number;
}
