import fc from 'fast-check';
import { JournalStore } from '../../reference-server/src/store/journal-store.js';
import { del, put, type StoredRecord, type WriteOp } from '../../reference-server/src/store/store.js';
import { seededRandom } from '../support/random.js';
import { SimulatedDisk } from '../support/simulated-disk.js';

/**
 * Power cuts under the store, the way SQLite's crash tests and LevelDB's fault-injection
 * environment prove durability: a workload of random batches (written without waiting, so they
 * share journal writes), compactions and clean restarts runs on a simulated disk; the power goes
 * off at a random one of the disk changes the workload makes; the store is opened on what the
 * disk would hold after the cut (unsynced data dropped, the last unsynced write torn, folder
 * entries not synced undone) and checked against what it acknowledged.
 */

const SCOPES = ['org_a', 'org_b'] as const;
const COLLECTIONS = ['c1', 'c2'] as const;
const DATA = '/data';
const OPTIONS = { chunkRecords: 3, compactAfterBytes: 700 };

type Op = { kind: 'put' | 'delete'; scope: number; collection: number; id: number };
export type Step = { kind: 'batch'; ops: Op[] } | { kind: 'compact' } | { kind: 'restart' } | { kind: 'wait' };

export interface Workload {
  steps: Step[];
  /** Where in the workload's disk changes the power goes off, as a fraction of them. */
  cutAt: number;
  /** Seeds the tears of the cut. */
  seed: number;
}

const opArbitrary: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('put', 'put', 'put', 'delete') as fc.Arbitrary<'put' | 'delete'>,
  scope: fc.integer({ min: 0, max: SCOPES.length - 1 }),
  collection: fc.integer({ min: 0, max: COLLECTIONS.length - 1 }),
  id: fc.integer({ min: 0, max: 11 }),
});

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('batch' as const), ops: fc.array(opArbitrary, { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'compact' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 6, arbitrary: fc.constant({ kind: 'wait' as const }) },
);

export const workloadArbitrary: fc.Arbitrary<Workload> = fc.record({
  steps: fc.array(stepArbitrary, { minLength: 4, maxLength: 60, size: 'max' }),
  // Unbiased: fast-check favours edges (0, 1) by default, and a cut at the very start or end proves little.
  cutAt: fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000),
  seed: fc.noBias(fc.integer({ min: 1, max: 2 ** 30 })),
});

export interface Batch {
  ops: WriteOp[];
  acked: boolean;
}

export interface CutOutcome {
  acked: number;
  /** Acknowledged records missing or older after the cut. */
  lost: number;
  opened: boolean;
  problems: string[];
}

type Held = Map<string, StoredRecord[]>;

const partitionKey = (scope: string, collection: string) => `${scope}/${collection}`;

/** Each record's value is unique across the workload, so a stale value cannot pass for a current one. */
function toWriteOps(ops: Op[], next: () => number): WriteOp[] {
  return ops.map((op) => {
    const scope = SCOPES[op.scope] as string;
    const collection = COLLECTIONS[op.collection] as string;
    return op.kind === 'put' ? put(collection, scope, { id: `r${op.id}`, v: next() }) : del(collection, scope, `r${op.id}`);
  });
}

function applyBatch(held: Held, ops: WriteOp[]): void {
  for (const op of ops) {
    const key = partitionKey(op.scope, op.collection);
    const list = held.get(key) ?? [];
    const id = op.op === 'put' ? op.record.id : op.id;
    const at = list.findIndex((r) => r.id === id);
    if (op.op === 'put') {
      if (at === -1) list.push(op.record);
      else list[at] = op.record;
    } else if (at !== -1) list.splice(at, 1);
    held.set(key, list);
  }
}

function read(store: JournalStore): Held {
  const held: Held = new Map();
  for (const scope of SCOPES) for (const collection of COLLECTIONS) held.set(partitionKey(scope, collection), store.all(collection, scope));
  return held;
}

const same = (a: Held, b: Held) => [...a.keys(), ...b.keys()].every((key) => JSON.stringify(a.get(key) ?? []) === JSON.stringify(b.get(key) ?? []));

/** Runs the workload on `disk`; stops early when the power goes off. */
async function run(disk: SimulatedDisk, dir: string, steps: Step[], batches: Batch[]): Promise<void> {
  const open = () => JournalStore.open(dir, { fs: disk, ...OPTIONS });
  let value = 0;
  const inFlight: Promise<unknown>[] = [];
  let store: JournalStore;
  try {
    store = await open();
  } catch {
    return;
  }
  try {
    for (const step of steps) {
      if (disk.powerIsOff) break;
      if (step.kind === 'batch') {
        const batch: Batch = { ops: toWriteOps(step.ops, () => (value += 1)), acked: false };
        batches.push(batch);
        inFlight.push(
          store.write(batch.ops).then(
            () => {
              batch.acked = true;
            },
            () => undefined,
          ),
        );
      } else if (step.kind === 'compact') {
        inFlight.push(store.compact().catch(() => undefined));
      } else {
        await Promise.all(inFlight.splice(0));
        if (step.kind === 'restart') {
          await store.close();
          store = await open();
        }
      }
    }
    await Promise.all(inFlight);
  } catch {
    // The power went off under a restart.
  }
}

export interface CutDisk {
  /** The disk as the next boot finds it. */
  booted: SimulatedDisk;
  batches: Batch[];
}

/** Runs one workload with the power cut where it says, in folder `dir` of a simulated disk. */
export async function cutPower(workload: Workload, dir = DATA): Promise<CutDisk> {
  // A dry run counts the disk changes the workload makes, so the cut falls anywhere among them.
  const dry = new SimulatedDisk({ random: seededRandom(workload.seed) });
  await run(dry, dir, workload.steps, []);
  const disk = new SimulatedDisk({ random: seededRandom(workload.seed) });
  disk.cutPowerAt(Math.floor(workload.cutAt * dry.changes) + 1);
  const batches: Batch[] = [];
  await run(disk, dir, workload.steps, batches);
  return { booted: disk.afterPowerCut(), batches };
}

/** One workload, one power cut; what the next start finds, against what was acknowledged. */
export async function powerCutTrial(workload: Workload): Promise<CutOutcome> {
  const { booted, batches } = await cutPower(workload);
  const acked = batches.filter((b) => b.acked).length;
  let store: JournalStore;
  try {
    store = await JournalStore.open(DATA, { fs: booted, ...OPTIONS });
  } catch (error) {
    return { acked, lost: 0, opened: false, problems: [`the store would not open: ${(error as Error).message}`] };
  }
  const found = read(store);
  const problems: string[] = [];
  // Acks come in journal order: everything up to the last acknowledged batch must be there, and
  // any batches after it either whole or not at all, in order (some prefix of the calls).
  const lastAcked = batches.reduce((last, b, i) => (b.acked ? i : last), -1);
  const expected: Held = new Map();
  batches.slice(0, lastAcked + 1).forEach((b) => applyBatch(expected, b.ops));
  const mustHave = new Map([...expected].map(([key, list]) => [key, [...list]]));
  let matched = same(found, expected);
  for (let i = lastAcked + 1; !matched && i < batches.length; i += 1) {
    applyBatch(expected, (batches[i] as Batch).ops);
    matched = same(found, expected);
  }
  let lost = 0;
  if (!matched) {
    for (const [key, list] of mustHave) {
      const there = new Map((found.get(key) ?? []).map((r) => [r.id, r]));
      for (const record of list) {
        const now = there.get(record.id) as { v?: number } | undefined;
        if (!now || (now.v ?? 0) < (record as unknown as { v: number }).v) lost += 1;
      }
    }
    problems.push(
      lost > 0
        ? `${lost} acknowledged records missing or stale`
        : `not the state after any prefix of the writes (order or a half batch): found ${JSON.stringify(Object.fromEntries(found))}`,
    );
  }
  // The start that follows a clean stop (a compaction on the booted disk) finds the same.
  try {
    await store.close();
    const again = await JournalStore.open(DATA, { fs: booted, ...OPTIONS });
    if (!same(read(again), found)) problems.push('a clean restart after recovery changed what the store holds');
    await again.close();
  } catch (error) {
    problems.push(`the restart after recovery failed: ${(error as Error).message}`);
  }
  return { acked, lost, opened: true, problems };
}

export interface PowerCutReport {
  cuts: number;
  acked: number;
  lost: number;
  unopenable: number;
  /** The smallest failing workload fast-check found, if any. */
  counterexample?: string;
  problems: string[];
}

/** `trials` random workloads, each cut once (the test runs them through fc.assert, which also shrinks a failure). */
export async function runPowerCuts(options: { trials: number; seed: number }): Promise<PowerCutReport> {
  const report: PowerCutReport = { cuts: 0, acked: 0, lost: 0, unopenable: 0, problems: [] };
  for (const workload of fc.sample(workloadArbitrary, { numRuns: options.trials, seed: options.seed })) {
    const outcome = await powerCutTrial(workload);
    report.cuts += 1;
    report.acked += outcome.acked;
    report.lost += outcome.lost;
    if (!outcome.opened) report.unopenable += 1;
    if (outcome.problems.length > 0) {
      report.problems.push(...outcome.problems);
      report.counterexample ??= JSON.stringify(workload);
    }
  }
  return report;
}
