import { appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { JournalStore } from './journal-store.js';
import { put, type WriteOp } from './store.js';

it('replays a journal larger than one read chunk, lines across chunk edges, and drops a torn last line', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'journal-replay-'));
  try {
    const store = await JournalStore.open(dir, { compactAfterBytes: Number.MAX_SAFE_INTEGER });
    for (let batch = 0; batch < 30; batch += 1) {
      const ops: WriteOp[] = [];
      // Odd sizes, so line ends fall anywhere relative to the 4 MiB chunks; multi-byte text too.
      for (let i = 0; i < 100; i += 1) ops.push(put('things', 'org_a', { id: `t_${batch}_${i}`, text: 'é'.repeat(1000 + batch * 37 + i) }));
      await store.write(ops);
    }
    const journal = join(dir, 'journal.jsonl');
    const whole = (await stat(journal)).size;
    expect(whole).toBeGreaterThan(5 * 1024 * 1024);
    // As after kill -9: no close, no compaction; then a line cut short mid-write.
    await appendFile(journal, '{"t":1,"ops":[{"op":"put","collection":"things","scope":"org_a","record":{"id":"torn"');
    const reopened = await JournalStore.open(dir);
    try {
      expect(reopened.count('things', 'org_a')).toBe(3000);
      expect(reopened.get<{ id: string; text: string }>('things', 'org_a', 't_29_99')?.text).toHaveLength(1000 + 29 * 37 + 99);
      expect(reopened.get('things', 'org_a', 'torn')).toBeUndefined();
      expect((await stat(journal)).size).toBe(whole);
    } finally {
      await reopened.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
