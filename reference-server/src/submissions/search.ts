import type { AppContext } from '../context.js';
import { searchWords, typedMatch, wordsOfTexts } from '../search-words.js';
import { InvalidCursorError, type Page } from '../store/index.js';
import { CREATED, FIRST_COUNTER, SUBMISSIONS, type CreatedCount, type SubmissionRecord } from './submission-records.js';

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
 * fields is refused), so the index only has to learn new ones. The index is a cache of the store,
 * which every server writes (docs/decisions/submission-search-across-servers.md): each search first
 * reads the organisation's created counters (every create bumps one, in its own transaction). When
 * the index has learnt as many submissions of each counter as the counter says, it is current;
 * otherwise it reads the newest submissions, newest first, until it has found as many new ones as
 * the counters say were created (or the oldest one): creates on other counters commit in any order,
 * so a newer known submission is passed over, never taken for the end (one that commits late so
 * takes a place after newer ones: a search lists it as if created when it became visible). A
 * submission that is gone (retention) is dropped when a search meets it.
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
/**
 * How many submissions a catch-up reads per page: few at first, since most searches find nothing
 * new (or one submission) ahead of what the index knows, then more as a start-up or a burst needs.
 */
const CATCH_UP_FIRST = 8;
const CATCH_UP_PAGE = 500;
/**
 * Retention removes submissions whose places stay in the index (skipped when a search meets them).
 * Once the index holds places for more than twice the submissions the store keeps, plus this
 * margin, the next first-page search reads it afresh: its memory follows what the organisation
 * holds, not all it ever held.
 */
const REBUILD_MARGIN = 1024;
/**
 * Typed words this short read one list kept per prefix: their range of words is the widest (every
 * word starting with "g"), and merging thousands of lists would cost what the index saves.
 */
const SHORT_PREFIX = 2;
/** A longer typed word whose range holds more words than this reads its short prefix's list, checking each candidate. */
const MAX_RANGE = 256;

class OrganisationIndex {
  /**
   * Created counter → how many of its submissions are known: learnt, or counted as known after a
   * walk to the oldest submission (a submission removed before the index learnt it is never found).
   */
  readonly #known = new Map<string, number>();
  /** Place → submission id; undefined once the submission is gone. */
  readonly #ids: (string | undefined)[] = [];
  /** Place → the submission's words; undefined once it is gone. */
  readonly #words: (string[] | undefined)[] = [];
  /** Submission id → its place; kept when it is gone, so a cursor naming it still pages on. */
  readonly #order = new Map<string, number>();
  /** Word → the places of the submissions holding it, ascending. */
  readonly #postings = new Map<string, number[]>();
  /** Prefix of at most SHORT_PREFIX letters → the places of the submissions with a word starting so, ascending. */
  readonly #prefixes = new Map<string, number[]>();
  #sorted: string[] = [];
  readonly #recent = new Set<string>();

  has(id: string): boolean {
    return this.#order.has(id);
  }

  /** How many submissions it has given places to, gone ones included. */
  get places(): number {
    return this.#ids.length;
  }

  placeOf(id: string): number | undefined {
    return this.#order.get(id);
  }

  idAt(place: number): string | undefined {
    return this.#ids[place];
  }

  wordsAt(place: number): string[] | undefined {
    return this.#words[place];
  }

  /** How many submissions the counters say were created that are not known yet. */
  behind(counters: readonly CreatedCount[]): number {
    return counters.reduce((missing, { id, count }) => missing + Math.max(0, count - (this.#known.get(id) ?? 0)), 0);
  }

  /** After a walk to the oldest submission: what the counters said before it is all there is to know. */
  knowAll(counters: readonly CreatedCount[]): void {
    for (const { id, count } of counters) this.#known.set(id, Math.max(count, this.#known.get(id) ?? 0));
  }

  /** Learns submissions, oldest first. */
  add(submissions: SubmissionRecord[]): void {
    for (const submission of submissions) {
      if (this.#order.has(submission.id)) continue;
      const counter = submission.counter ?? FIRST_COUNTER;
      this.#known.set(counter, (this.#known.get(counter) ?? 0) + 1);
      const place = this.#ids.length;
      const words = wordsOf(submission);
      this.#ids.push(submission.id);
      this.#words.push(words);
      this.#order.set(submission.id, place);
      const prefixes = new Set<string>();
      for (const word of words) {
        if (!this.#postings.has(word)) this.#recent.add(word);
        append(this.#postings, word, place);
        for (let length = 1; length <= Math.min(SHORT_PREFIX, word.length); length += 1) prefixes.add(word.slice(0, length));
      }
      for (const prefix of prefixes) append(this.#prefixes, prefix, place);
    }
    if (this.#recent.size > RECENT_WORDS) this.#rebuildSorted();
  }

  /** A submission that is gone (retention); its places stay in the lists and are skipped when met. */
  forget(place: number): void {
    this.#ids[place] = undefined;
    this.#words[place] = undefined;
  }

  /**
   * The ascending lists whose union holds every submission with a word starting with `typed`
   * (and possibly others: candidates are checked against their words).
   */
  listsFor(typed: string): number[][] {
    const short = (prefix: string) => [this.#prefixes.get(prefix) ?? []];
    if (typed.length <= SHORT_PREFIX) return short(typed);
    const words = this.#wordsStartingWith(typed, MAX_RANGE + 1);
    if (words.length > MAX_RANGE) return short(typed.slice(0, SHORT_PREFIX));
    return words.map((word) => this.#postings.get(word) ?? []);
  }

  #wordsStartingWith(prefix: string, most: number): string[] {
    const found: string[] = [];
    for (let at = lowerBound(this.#sorted, prefix); at < this.#sorted.length && found.length < most; at += 1) {
      const word = this.#sorted[at] as string;
      if (!word.startsWith(prefix)) break;
      found.push(word);
    }
    for (const word of this.#recent) if (found.length < most && word.startsWith(prefix)) found.push(word);
    return found;
  }

  #rebuildSorted(): void {
    this.#sorted = [...this.#sorted, ...this.#recent].sort();
    this.#recent.clear();
  }
}

function append(lists: Map<string, number[]>, key: string, place: number): void {
  const list = lists.get(key);
  if (list) list.push(place);
  else lists.set(key, [place]);
}

/** The first index of `sorted` whose value is not below `value`. */
function lowerBound<T>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The places of ascending `lists` below `before`, newest first, each once (a submission with two
 * words in a range sits in two lists). A max-heap of the lists' next places keeps each step at
 * log(lists) however many lists a range gave.
 */
export function* newestFirst(lists: readonly (readonly number[])[], before: number): Generator<number> {
  // heap of [list index, position in that list], ordered by the place at that position.
  const heap: [number, number][] = [];
  const placeOf = (entry: [number, number]) => (lists[entry[0]] as readonly number[])[entry[1]] as number;
  const up = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (placeOf(heap[parent] as [number, number]) >= placeOf(heap[at] as [number, number])) return;
      [heap[parent], heap[at]] = [heap[at] as [number, number], heap[parent] as [number, number]];
      at = parent;
    }
  };
  const down = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      let largest = at;
      for (const child of [left, left + 1]) if (child < heap.length && placeOf(heap[child] as [number, number]) > placeOf(heap[largest] as [number, number])) largest = child;
      if (largest === at) return;
      [heap[largest], heap[at]] = [heap[at] as [number, number], heap[largest] as [number, number]];
      at = largest;
    }
  };
  lists.forEach((list, index) => {
    const position = lowerBound(list, before) - 1;
    if (position >= 0) {
      heap.push([index, position]);
      up(heap.length - 1);
    }
  });
  let last = Number.POSITIVE_INFINITY;
  while (heap.length > 0) {
    const top = heap[0] as [number, number];
    const place = placeOf(top);
    if (place !== last) yield (last = place);
    if (top[1] > 0) top[1] -= 1;
    else {
      const end = heap.pop() as [number, number];
      if (heap.length === 0) break;
      heap[0] = end;
    }
    down(0);
  }
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

  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  /** A page of the organisation's submissions matching the query, newest first; undefined when it has no word. */
  async search(orgId: string, query: SearchQuery): Promise<Page<SubmissionRecord> | undefined> {
    const typed = [...new Set(searchWords(query.text))];
    if (typed.length === 0) return undefined;
    const index = await this.#catchUp(orgId, query.after === undefined);
    const before = query.after !== undefined ? index.placeOf(query.after) : Number.POSITIVE_INFINITY;
    if (before === undefined) throw new InvalidCursorError(query.after as string);
    // The typed word with the fewest candidates drives the walk; every word is checked on each candidate.
    const size = (lists: number[][]) => lists.reduce((total, list) => total + list.length, 0);
    const driver = typed.map((word) => index.listsFor(word)).reduce((a, b) => (size(b) < size(a) ? b : a));
    const matches: SubmissionRecord[] = [];
    const places = newestFirst(driver, before);
    // Candidates are read in batches of the page's size (one round of reads, not one per match).
    for (let batch = this.#candidates(index, typed, places, query.limit + 1); batch.length > 0; batch = this.#candidates(index, typed, places, query.limit + 1 - matches.length)) {
      const read = await Promise.all(batch.map((place) => this.ctx.db.get<SubmissionRecord>(SUBMISSIONS, orgId, index.idAt(place) as string)));
      for (const [at, submission] of read.entries()) {
        if (!submission) index.forget(batch[at] as number);
        else if (!query.filter || query.filter(submission)) matches.push(submission);
      }
      // One past the page tells whether another page follows.
      if (matches.length > query.limit) break;
    }
    const items = matches.slice(0, query.limit);
    return matches.length > query.limit ? { items, next: (items.at(-1) as SubmissionRecord).id } : { items };
  }

  /** Up to `most` further places whose words match every typed word. */
  #candidates(index: OrganisationIndex, typed: string[], places: Generator<number>, most: number): number[] {
    const batch: number[] = [];
    while (batch.length < most) {
      const next = places.next();
      if (next.done) break;
      const words = index.wordsAt(next.value);
      if (words && typedMatch(typed, words)) batch.push(next.value);
    }
    return batch;
  }

  /** How many submissions the organisation's index holds places for, gone ones included (0 before its first search). */
  places(orgId: string): number {
    return this.#indexes.get(orgId)?.places ?? 0;
  }

  /**
   * The organisation's index, having learnt the submissions created since it last looked. Read
   * afresh only for a first page (`mayRebuild`): a cursor naming a removed submission keeps its
   * place in the index it came from while its pages are walked.
   */
  async #catchUp(orgId: string, mayRebuild: boolean): Promise<OrganisationIndex> {
    let index = this.#indexes.get(orgId);
    // Only an index past the margin can be due for a rebuild: a small one costs no count.
    const big = index !== undefined && mayRebuild && index.places > REBUILD_MARGIN;
    const [counters, count] = await Promise.all([this.ctx.db.all<CreatedCount>(CREATED, orgId), big ? this.ctx.db.count(SUBMISSIONS, orgId) : undefined]);
    if (index && count !== undefined && index.places > 2 * count + REBUILD_MARGIN) index = undefined;
    if (index && index.behind(counters) === 0) return index;
    if (!index) this.#indexes.set(orgId, (index = new OrganisationIndex()));
    // A new index reads everything; a known one reads until it has found what the counters say is new.
    let missing = index.places === 0 ? Number.POSITIVE_INFINITY : index.behind(counters);
    const fresh: SubmissionRecord[] = [];
    let after: string | undefined;
    for (let limit = CATCH_UP_FIRST; missing > 0; limit = CATCH_UP_PAGE) {
      const page = await this.ctx.db.page<SubmissionRecord>(SUBMISSIONS, orgId, { limit, ...(after ? { after } : {}) });
      for (const submission of page.items) {
        if (index.has(submission.id)) continue;
        fresh.push(submission);
        missing -= 1;
      }
      after = page.next;
      if (!after) break;
    }
    index.add(fresh.reverse());
    // The counters were read before the pages: a walk that reached the oldest submission found all they counted.
    if (!after) index.knowAll(counters);
    return index;
  }
}
