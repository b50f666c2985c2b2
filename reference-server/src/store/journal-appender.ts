import { join } from 'node:path';
import { writeAll, type StoreFile, type StoreFileSystem } from './file-system.js';
import { describeDiskError, StoreUnavailableError } from './store.js';

interface PendingLine {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Appends a journal store's lines to `journal.jsonl`, each acknowledged once it is durable, and
 * rotates the file for a compaction. Fail-stop: after an append fails, every later line is
 * refused with the same error (`failure`); a reopen reads the disk, which is the truth.
 */
export class JournalAppender {
  readonly #fs: StoreFileSystem;
  readonly #dir: string;
  readonly #path: string;
  /** Called after every durable write (the store checks whether a compaction is due). */
  readonly #afterWrite: () => void;
  #file: StoreFile | undefined;
  /** Bytes of whole lines in the journal: where a failed append is cut back to. */
  #bytes = 0;
  #pending: PendingLine[] = [];
  /** Settles when the last line handed to `append` is durable (or failed); never rejects. */
  #lastLine: Promise<boolean> = Promise.resolve(true);
  #flushing: Promise<void> | undefined;
  #rotation: Promise<void> | undefined;
  /** Set while a compaction waits for the flush loop to stop: the loop ends after its current write. */
  #pausing = false;
  #failure: StoreUnavailableError | undefined;

  constructor(fs: StoreFileSystem, dir: string, file: string, afterWrite: () => void) {
    this.#fs = fs;
    this.#dir = dir;
    this.#path = join(dir, file);
    this.#afterWrite = afterWrite;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get failure(): StoreUnavailableError | undefined {
    return this.#failure;
  }

  /** Settles true once every line appended so far is durable, false if one failed. */
  get lastLine(): Promise<boolean> {
    return this.#lastLine;
  }

  /** Marks the store failed (the first failure stays) and returns the error later writes get. */
  fail(error: unknown): StoreUnavailableError {
    this.#failure ??= error instanceof StoreUnavailableError ? error : new StoreUnavailableError(describeDiskError(error), 5, { cause: error });
    return this.#failure;
  }

  async open(): Promise<void> {
    const created = !(await this.#fs.stat(this.#path));
    this.#file = await this.#fs.open(this.#path, 'journal');
    this.#bytes = await this.#file.size();
    // A journal just created exists after a power cut only once its folder entry is durable.
    if (created) await this.#fs.syncDirectory(this.#dir);
  }

  /** Settles once the line is durable in the journal. */
  append(line: string): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.#pending.push({ line, resolve, reject });
      this.#flushing ??= this.#flush();
    });
    this.#lastLine = written.then(
      () => true,
      () => false,
    );
    return written;
  }

  /**
   * Stops the flush loop after its current write (under steady load it would never run dry); the
   * lines still queued wait for `rotate`, then go into the new journal.
   */
  async pause(): Promise<void> {
    this.#pausing = true;
    try {
      while (this.#flushing) await this.#flushing;
    } finally {
      this.#pausing = false;
    }
  }

  /**
   * Renames the journal to `rotated` and opens a fresh one, so writes go on while the snapshots are
   * written. Call it in the same turn as `pause` returns, so no flush runs against the closing file.
   */
  async rotate(rotated: string): Promise<void> {
    this.#rotation = this.#rotate(join(this.#dir, rotated));
    if (this.#pending.length > 0) this.#flushing ??= this.#flush();
    try {
      await this.#rotation;
    } catch (error) {
      // No journal to write to: fail the store rather than leave writes waiting on it.
      throw this.fail(error);
    } finally {
      this.#rotation = undefined;
    }
  }

  /** Settles when no write is in flight. */
  async settled(): Promise<void> {
    await this.#flushing;
  }

  async close(): Promise<void> {
    await this.#file?.close();
  }

  /**
   * Group commit: each journal write waits for the rest of the event loop's turn before it starts
   * (the other requests already read in that turn write too, and share its device flush: one
   * O_DSYNC write costs about the same CPU for one line as for sixty), and every line queued while
   * a write runs goes out in the next one.
   */
  async #flush(): Promise<void> {
    // Never settles synchronously: the caller stores this promise in #flushing before it ends.
    const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (await endOfTurn(); this.#pending.length > 0 && !this.#pausing; await endOfTurn()) {
      if (this.#rotation) await this.#rotation.catch(() => undefined);
      const batch = this.#pending;
      this.#pending = [];
      if (this.#failure) {
        for (const p of batch) p.reject(this.#failure);
        continue;
      }
      const data = Buffer.from(batch.map((p) => p.line).join(''), 'utf8');
      try {
        await writeAll(this.#file as StoreFile, data);
      } catch (error) {
        await this.#failAppend(error, batch);
        continue;
      }
      this.#bytes += data.length;
      for (const p of batch) p.resolve();
      // Checked after every write, not when the queue runs dry: under steady load it never does.
      this.#afterWrite();
    }
    this.#flushing = undefined;
  }

  /**
   * A journal append failed (a full disk, an I/O error), perhaps after writing part of its lines.
   * Memory already holds those lines and the disk may not: the store refuses every later write.
   * First the journal is cut back to its last whole line, so no torn or unacknowledged line stays
   * behind to be replayed.
   */
  async #failAppend(error: unknown, batch: PendingLine[]): Promise<void> {
    const failure = this.fail(error);
    for (const p of [...batch, ...this.#pending]) p.reject(failure);
    this.#pending = [];
    try {
      await this.#file?.truncate(this.#bytes);
      await this.#file?.sync();
    } catch {
      // Replay drops a torn last line anyway; whole lines of the failed batch may then come back,
      // whole: a write answered with an error that did happen, never half of one.
    }
  }

  async #rotate(rotated: string): Promise<void> {
    // A journal left by an interrupted compaction is still being folded: keep it, add to it nothing.
    if (await this.#fs.stat(rotated)) return;
    await this.#file?.close();
    this.#file = undefined;
    await this.#fs.rename(this.#path, rotated);
    await this.open();
    await this.#fs.syncDirectory(this.#dir);
  }
}
