import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { MASTER_KEY_ENV, MASTER_KEY_FILE } from './crypto/index.js';
import { FILES_DIR } from './submissions/index.js';
import {
  type AsyncStore,
  copyStore,
  CopyMismatchError,
  FileAsyncStore,
  FolderLock,
  isPostgresUrl,
  JournalStore,
  PostgresStore,
  redactConnectionString,
  StoreUnavailableError,
} from './store/index.js';

/** A store opened for the copy, and how it is named in the output (a database's password hidden). */
interface Endpoint {
  name: string;
  store: AsyncStore;
  close(): Promise<void>;
}

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

async function openDatabase(url: string): Promise<Endpoint> {
  const name = redactConnectionString(url);
  try {
    const store = await PostgresStore.open(url);
    return { name, store, close: () => store.close() };
  } catch (error) {
    throw new Error(`cannot open ${name}: ${error instanceof StoreUnavailableError ? error.reason : (error as Error).message}`);
  }
}

/** A data folder under its lock (no server may write it meanwhile): read as it stands, or written into while empty. */
async function openFolder(path: string, as: 'source' | 'target'): Promise<Endpoint> {
  const dir = resolve(path);
  const present = await entries(dir);
  if (as === 'source' && !present.some((entry) => entry === 'snapshots' || entry === 'journal.jsonl')) throw new Error(`${dir} is not a data folder`);
  if (as === 'target' && present.length > 0) throw new Error(`store copy needs an empty (or absent) target folder; ${dir} holds ${present.length} entries`);
  if (as === 'target') await mkdir(dir, { recursive: true });
  const lock = await FolderLock.acquire(dir, { role: 'cli' });
  return lock.holding(async () => {
    const store = new FileAsyncStore(await JournalStore.open(dir, { readOnly: as === 'source' }));
    return { name: dir, store, close: () => store.close() };
  });
}

const open = (where: string, as: 'source' | 'target') => (isPostgresUrl(where) ? openDatabase(where) : openFolder(where, as));

/**
 * The master key sealed the sandbox's secrets and travels beside the records, never in the
 * database: into a folder it is written from REFERENCE_SERVER_MASTER_KEY (required, as `restore`
 * requires it); out of a folder, the output says where it is.
 */
async function masterKeyNote(from: string, to: string): Promise<string> {
  if (!isPostgresUrl(to)) {
    const key = process.env[MASTER_KEY_ENV] as string;
    await writeFile(join(resolve(to), MASTER_KEY_FILE), key, { mode: 0o600, flag: 'wx' });
    return `written to ${join(resolve(to), MASTER_KEY_FILE)} from ${MASTER_KEY_ENV}`;
  }
  if (process.env[MASTER_KEY_ENV]) return `start every server on the database with the same ${MASTER_KEY_ENV}`;
  if (!isPostgresUrl(from) && (await stat(join(resolve(from), MASTER_KEY_FILE)).catch(() => undefined))) {
    return `start every server on the database with ${MASTER_KEY_ENV} set to the contents of ${join(resolve(from), MASTER_KEY_FILE)}`;
  }
  return `start every server on the database with the ${MASTER_KEY_ENV} the source's servers use`;
}

/** Uploaded files stay in a folder's automation-files/ (the database holds none yet): counted, so nobody is surprised. */
async function filesLeftBehind(from: string): Promise<number> {
  if (isPostgresUrl(from)) return 0;
  let count = 0;
  for (const org of await entries(join(resolve(from), FILES_DIR))) count += (await entries(join(resolve(from), FILES_DIR, org))).length;
  return count;
}

export async function storeCopy(from: string, to: string): Promise<unknown> {
  if (isPostgresUrl(from) === isPostgresUrl(to)) throw new Error('store copy moves a sandbox between a data folder and a postgres:// database: give one of each');
  if (!isPostgresUrl(to) && !process.env[MASTER_KEY_ENV]) {
    throw new Error(`set ${MASTER_KEY_ENV} to the key the database's servers use: the folder needs it to open what the records seal`);
  }
  const source = await open(from, 'source');
  try {
    const target = await open(to, 'target');
    try {
      const collections = await copyStore(source.store, target.store);
      const uploadedFilesNotCopied = await filesLeftBehind(from);
      return {
        from: source.name,
        to: target.name,
        verified: true,
        records: collections.reduce((n, c) => n + c.records, 0),
        collections,
        masterKey: await masterKeyNote(from, to),
        ...(uploadedFilesNotCopied > 0 ? { uploadedFilesNotCopied } : {}),
      };
    } finally {
      await target.close();
    }
  } catch (error) {
    if (error instanceof CopyMismatchError) throw new Error(`${error.message}\nsource: ${JSON.stringify(error.source)}\ntarget: ${JSON.stringify(error.target)}`);
    throw error;
  } finally {
    await source.close();
  }
}

export function addStoreCommands(program: Command, print: (value: unknown) => void): void {
  program
    .command('store')
    .description('move a sandbox between the file store and PostgreSQL')
    .command('copy')
    .description('copy every record from a data folder to an empty postgres:// database, or back into an empty folder; verified by a count and checksum per collection')
    .requiredOption('--from <folder|url>', 'a data folder (no server may hold it) or postgres://user:password@host:port/database')
    .requiredOption('--to <folder|url>', 'an empty postgres:// database, or an empty (or absent) data folder')
    .action(async (o: { from: string; to: string }) => print(await storeCopy(o.from, o.to)));
}
