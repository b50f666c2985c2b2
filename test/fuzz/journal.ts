import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Collections that certification runs in progress write on their own: the driver's tick each
 * second, the watchers' observations (a stranger naming a run's client is recorded too). None is
 * a fuzzed request's doing, so neither the quiet wait nor a refused write's comparison counts them.
 */
const BACKGROUND_COLLECTIONS = /^certification_/;

/** Records the server changes on its own besides the runs' collections: what a run made and removes when it ends (its subscription). */
export interface Background {
  recordIds: readonly string[];
}

const journalFile = (dataDir: string) => join(dataDir, 'journal.jsonl');

/** Bytes in the store's journal: every acknowledged write appends to it before it is acknowledged. */
export async function journalBytes(dataDir: string): Promise<number> {
  try {
    return (await stat(journalFile(dataDir))).size;
  } catch {
    return 0;
  }
}

export interface JournalTail {
  /** The journal's length now: where the next look starts. */
  bytes: number;
  /** Collections written since the offset, the runs' own writes left out; undefined when the journal was compacted meanwhile. */
  collections: string[] | undefined;
}

async function readFrom(dataDir: string, offset: number, bytes: number): Promise<string> {
  const file = await open(journalFile(dataDir), 'r');
  try {
    const buffer = Buffer.alloc(bytes - offset);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}

/**
 * The lines that began at or after `offset`, from text read one byte before it: when `offset`
 * fell inside a line (its length was measured while a run's tick was being appended), the rest of
 * that line began before and is left out.
 */
function completeLinesAfter(text: string, offset: number): string {
  if (offset === 0) return text;
  return text.startsWith('\n') ? text.slice(1) : text.slice(text.indexOf('\n') + 1);
}

/** How long a line caught half-appended (a run's tick, mostly) is given to be completed before it is read. */
const LINE_WAIT_MS = 2_000;

/** What the journal gained since `offset` (a byte length seen before), read up to its last complete line. */
export async function journalSince(dataDir: string, offset: number, background: Background = { recordIds: [] }): Promise<JournalTail> {
  let bytes = await journalBytes(dataDir);
  if (bytes < offset) return { bytes, collections: undefined };
  if (bytes === offset) return { bytes, collections: [] };
  // From one byte before: whether `offset` fell between two lines or inside one.
  const start = Math.max(0, offset - 1);
  let text = await readFrom(dataDir, start, bytes);
  for (const deadline = Date.now() + LINE_WAIT_MS; !text.endsWith('\n') && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    bytes = await journalBytes(dataDir);
    if (bytes < offset) return { bytes, collections: undefined };
    text = await readFrom(dataDir, start, bytes);
  }
  const collections = new Set<string>();
  for (const line of completeLinesAfter(text, offset).split('\n')) {
    if (!line.trim()) continue;
    let entry: { ops?: Array<{ collection?: unknown; id?: unknown; record?: { id?: unknown } }> };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      // Not a whole journal line even after the wait: whatever it is, it is a change.
      collections.add('(a line that does not parse)');
      continue;
    }
    for (const op of entry.ops ?? []) {
      const name = String(op.collection);
      const id = op.id ?? op.record?.id;
      if (!BACKGROUND_COLLECTIONS.test(name) && !(typeof id === 'string' && background.recordIds.includes(id))) collections.add(name);
    }
  }
  return { bytes, collections: [...collections] };
}

const QUIET_MS = 400;
const QUIET_TIMEOUT_MS = 30_000;

/**
 * Waits until the server writes nothing on its own for a moment (the demo seed's queued
 * submission being processed, an accepted request's follow-up work, its webhook deliveries), so
 * that the journal comparison of a refused write measures that request alone. The runs' own
 * writes do not count: a running run writes every second.
 */
export async function waitForQuiet(dataDir: string, background?: Background): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  let offset = await journalBytes(dataDir);
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tail = await journalSince(dataDir, offset, background);
    offset = tail.bytes;
    if (tail.collections === undefined || tail.collections.length > 0) stableSince = Date.now();
    else if (Date.now() - stableSince >= QUIET_MS) return;
  }
  throw new Error(`the server kept writing for ${QUIET_TIMEOUT_MS / 1000} s with no request: cannot compare journals`);
}
