import type { StoreFileSystem } from './file-system.js';

const READ_CHUNK = 4 * 1024 * 1024;

/**
 * Reading a journal back. Calls `onLine` for every whole line of a journal, in order, and returns the byte length of
 * those lines (where a torn last line, if any, starts); undefined when the file does not exist.
 *
 * Read in chunks, line by line: a journal can outgrow the longest string V8 makes (~512 MB),
 * which is what a large store accumulates between compactions (measured: 1M records).
 */
export async function readJournalLines(fs: StoreFileSystem, path: string, onLine: (line: string, lineNumber: number) => void): Promise<number | undefined> {
  if (!(await fs.stat(path))) return undefined;
  const file = await fs.open(path, 'read');
  let whole = 0;
  let carry = Buffer.alloc(0);
  let lineNumber = 0;
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK);
    for (let position = 0; ; ) {
      const bytesRead = await file.read(buffer, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const chunk = carry.length ? Buffer.concat([carry, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      let start = 0;
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        lineNumber += 1;
        onLine(chunk.toString('utf8', start, newline), lineNumber);
        start = newline + 1;
      }
      whole += start;
      carry = Buffer.from(chunk.subarray(start));
    }
  } finally {
    await file.close();
  }
  return whole;
}

/**
 * Replays a journal through `onLine` and, unless the store is read-only, cuts off the bytes after
 * its last newline: a line cut short by a crash, never acknowledged (acks follow the sync of the
 * whole line), so it is dropped.
 */
export async function replayJournal(fs: StoreFileSystem, path: string, readOnly: boolean, onLine: (line: string, lineNumber: number) => void): Promise<void> {
  const whole = await readJournalLines(fs, path, onLine);
  if (whole === undefined || readOnly) return;
  const size = (await fs.stat(path))?.size ?? 0;
  if (size > whole) {
    const writable = await fs.open(path, 'journal');
    try {
      await writable.truncate(whole);
      await writable.sync();
    } finally {
      await writable.close();
    }
  }
}
