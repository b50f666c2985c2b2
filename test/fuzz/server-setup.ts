import { JournalStore } from '../../reference-server/src/store/journal-store.js';

/**
 * How the fuzzer starts its server: the Automation API's per-key rate limit off, or the first
 * endpoints fuzzed with one key spend its budget and every later case is a 429 that never
 * reaches the code (what the 4,400-run pass of issue 16 measured).
 */
export const FUZZ_SERVER_ARGS = ['--automation-rate-limit', '0'];

/** Opens a stopped server's data folder (snapshots and journal replay) and counts its records. */
export async function readBack(dataDir: string): Promise<number> {
  const store = await JournalStore.open(dataDir);
  try {
    return store.stats().records;
  } finally {
    await store.close();
  }
}
