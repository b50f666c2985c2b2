import type { AppContext } from '../context.js';
import { searchWords, typedMatch, wordsOfTexts } from '../search-words.js';
import { InvalidCursorError } from '../store/partition.js';
import type { Page } from '../store/store.js';
import { SUBMISSIONS, type SubmissionRecord } from './records.js';

/**
 * Search over an organisation's submissions by what people type: part of a name, a company, an
 * email, a record ID or a submission ID, read as search-words.ts reads text.
 *
 * One word index per organisation, in memory: word → the submissions holding it, with the words
 * kept sorted so a prefix is a range. A search reads the range of its rarest word and checks each
 * candidate against the stored record, so its cost follows how many submissions match, not how
 * many the organisation holds. The words of a submission never change after it is created (a
 * repeated record_id with other fields is refused), so the index only has to learn new ones: each
 * search first reads the submissions created since the last (newest first, up to the newest it
 * knows), and a candidate that is gone (retention) is dropped when met.
 */

/** Whether every word of `text` begins a word of the submission. */
export function matchesSearch(submission: SubmissionRecord, text: string): boolean {
  return typedMatch(searchWords(text), wordsOf(submission));
}

function wordsOf(submission: SubmissionRecord): string[] {
  const fields = submission.fields as Record<string, unknown>;
  return wordsOfTexts([fields.name, fields.company, fields.email, submission.recordId, submission.id]);
}

/** Words added since the sorted list was last rebuilt stay in a small set, scanned per search. */
const RECENT_WORDS = 1024;
/** How many submissions a catch-up reads per page. */
const CATCH_UP_PAGE = 500;

class OrganisationIndex {
  /** Submission id → its place in the organisation's order (higher is newer). */
  readonly #order = new Map<string, number>();
  readonly #words = new Map<string, string[]>();
  #next = 0;
  readonly #postings = new Map<string, Set<string>>();
  #sorted: string[] = [];
  readonly #recent = new Set<string>();

  has(id: string): boolean {
    return this.#order.has(id);
  }

  order(id: string): number | undefined {
    return this.#order.get(id);
  }

  /** Learns submissions, oldest first. */
  add(submissions: SubmissionRecord[]): void {
    for (const submission of submissions) {
      if (this.#order.has(submission.id)) continue;
      this.#order.set(submission.id, this.#next++);
      const words = wordsOf(submission);
      this.#words.set(submission.id, words);
      for (const word of words) {
        let ids = this.#postings.get(word);
        if (!ids) {
          this.#postings.set(word, (ids = new Set()));
          this.#recent.add(word);
        }
        ids.add(submission.id);
      }
    }
    if (this.#recent.size > RECENT_WORDS) this.#rebuildSorted();
  }

  /** A submission that is gone (retention). */
  forget(id: string): void {
    for (const word of this.#words.get(id) ?? []) this.#postings.get(word)?.delete(id);
    this.#order.delete(id);
    this.#words.delete(id);
  }

  /** Ids of the submissions holding a word that starts with `prefix`. */
  startingWith(prefix: string): Set<string> {
    const found = new Set<string>();
    const take = (word: string) => {
      for (const id of this.#postings.get(word) ?? []) found.add(id);
    };
    for (let at = lowerBound(this.#sorted, prefix); at < this.#sorted.length && (this.#sorted[at] as string).startsWith(prefix); at += 1) take(this.#sorted[at] as string);
    for (const word of this.#recent) if (word.startsWith(prefix)) take(word);
    return found;
  }

  #rebuildSorted(): void {
    this.#sorted = [...this.#sorted, ...this.#recent].filter((word) => (this.#postings.get(word)?.size ?? 0) > 0).sort();
    this.#recent.clear();
  }
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface SearchQuery {
  /** What was typed; words are matched as prefixes of the submission's words. */
  text: string;
  limit: number;
  /** Continue after this submission id (newest first). */
  after?: string;
  /** The list's other filters (status, profile, …), checked on each match. */
  filter?: (submission: SubmissionRecord) => boolean;
}

export class SubmissionSearch {
  readonly #indexes = new Map<string, OrganisationIndex>();

  constructor(private readonly ctx: Pick<AppContext, 'store'>) {}

  /** A page of the organisation's submissions matching the query, newest first; undefined when it has no word. */
  search(orgId: string, query: SearchQuery): Page<SubmissionRecord> | undefined {
    const typed = [...new Set(searchWords(query.text))];
    if (typed.length === 0) return undefined;
    const index = this.#catchUp(orgId);
    if (query.after !== undefined && !index.has(query.after)) throw new InvalidCursorError(query.after);
    // The rarest word's range bounds the work; every other word is checked on its candidates.
    const candidates = typed.map((word) => index.startingWith(word)).reduce((a, b) => (b.size < a.size ? b : a));
    const before = query.after !== undefined ? (index.order(query.after) as number) : Number.POSITIVE_INFINITY;
    const matches: SubmissionRecord[] = [];
    for (const id of candidates) {
      if ((index.order(id) ?? -1) >= before) continue;
      const submission = this.ctx.store.get<SubmissionRecord>(SUBMISSIONS, orgId, id);
      if (!submission) {
        index.forget(id);
        continue;
      }
      if (!typedMatch(typed, wordsOf(submission))) continue;
      if (query.filter && !query.filter(submission)) continue;
      matches.push(submission);
    }
    matches.sort((a, b) => (index.order(b.id) as number) - (index.order(a.id) as number));
    const items = matches.slice(0, query.limit);
    return matches.length > query.limit ? { items, next: (items.at(-1) as SubmissionRecord).id } : { items };
  }

  /** The organisation's index, having learnt the submissions created since it last looked. */
  #catchUp(orgId: string): OrganisationIndex {
    let index = this.#indexes.get(orgId);
    if (!index) this.#indexes.set(orgId, (index = new OrganisationIndex()));
    const fresh: SubmissionRecord[] = [];
    for (let after: string | undefined, done = false; !done; ) {
      const page = this.ctx.store.page<SubmissionRecord>(SUBMISSIONS, orgId, { limit: CATCH_UP_PAGE, ...(after ? { after } : {}) });
      for (const submission of page.items) {
        if (index.has(submission.id)) {
          done = true;
          break;
        }
        fresh.push(submission);
      }
      after = page.next;
      if (!after) done = true;
    }
    index.add(fresh.reverse());
    return index;
  }
}
