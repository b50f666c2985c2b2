import type { Page, PageQuery, StoredRecord } from './store.js';
export declare class InvalidCursorError extends Error {
    constructor(cursor: string);
}
/** Records per snapshot chunk by default: a compaction rewrites whole chunks, never a whole collection. */
export declare const CHUNK_RECORDS = 512;
/**
 * A dirty chunk's records as they were when captured: serialised text where the write left it,
 * else the record; `ins[i]` is the insertion number of `entries[i]`.
 */
export interface CapturedChunk {
    chunk: number;
    ins: number[];
    entries: Array<string | StoredRecord>;
}
/**
 * One collection of one scope in memory: records by id plus their insertion order, so a page
 * starts at a known position and never scans what comes before it.
 *
 * Every record carries its insertion number (`ins`): the number of the journal op that put it
 * while it was absent (ops are numbered in journal order). The order is the order of those numbers, which is what makes replay
 * idempotent: a journal replayed over snapshots that already hold some of its lines (a compaction
 * cut short, or the lines it captured while they were still queued) puts each record back where
 * it was, instead of moving a record that was deleted and re-put behind records put after it.
 *
 * The order is cut into numbered chunks of at most `chunkRecords` insertions, one snapshot file
 * each. A record stays in the chunk it was first put into until it is deleted (the number is the
 * file's name, so it must not move), and the partition remembers which chunks changed since they
 * were last captured, with the text the journal already serialised for each changed record: a
 * compaction then writes only those chunks, mostly without serialising anything again.
 */
export declare class Partition {
    #private;
    readonly chunkRecords: number;
    constructor(chunkRecords?: number);
    get size(): number;
    /** Whether a chunk changed since the last capture. */
    get isDirty(): boolean;
    get(id: string): StoredRecord | undefined;
    /** The highest insertion number this partition holds or held. */
    get lastIns(): number;
    /**
     * Stores the record (with its serialised `text`, if the caller has it); `ins` is its insertion
     * number if it is absent. Returns the chunk this made dirty when it was clean before, so the
     * caller can weigh what the next compaction rewrites.
     */
    put(record: StoredRecord, ins: number, text?: string): number | undefined;
    /**
     * Deletes the record, unless it was put after op `n` (the delete itself): replay then meets a
     * delete the snapshot already holds, of an earlier life of a record put again since.
     */
    delete(id: string, n?: number): number | undefined;
    /**
     * A record read from snapshot chunk `chunk` at start-up (chunks in ascending order). It is clean,
     * unless the same id was already read from another file (a compaction cut short between two
     * files): the later life (higher `ins`) is kept and both chunks are rewritten at the next compaction.
     */
    load(record: StoredRecord, chunk: number, ins: number): void;
    /**
     * Puts the records replay left aside back in their place (by insertion number), in the chunk of
     * the record that follows each, and marks those chunks dirty. Called once, after replay.
     */
    settle(): void;
    /** Every chunk is rewritten at the next compaction (a collection read from an earlier layout). */
    markAllDirty(): void;
    /** Gives back chunks whose capture was not written (a failed compaction). */
    restoreDirty(chunks: Iterable<number>): void;
    /** The dirty chunks' contents now, in order; the partition is clean afterwards. */
    capture(): CapturedChunk[];
    all(): StoredRecord[];
    page<T extends StoredRecord>(query: PageQuery<T>): Page<T>;
}
