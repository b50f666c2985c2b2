import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadBackupError, backupStream, captureSnapshot, decodeBackup, encodeBackup, type BackupChunk, type BackupHeader } from './backup/index.js';
import { defaultConfig } from './config.js';
import { MASTER_KEY_ENV, MASTER_KEY_FILE } from './crypto/index.js';
import { openDataFolder } from './data-folder.js';
import { createLogger } from './log.js';
import { callOperator, readAll } from './transport/index.js';
import { FolderLockedError, PostgresStore, put, redactConnectionString, StoreUnavailableError, type WriteOp } from './store/index.js';
import { legacyUploadPaths } from './submissions/index.js';

/** Writes the file only once complete (temp file, fsync, rename): a cut-short backup never looks whole. Mode 0600: it holds the key. */
async function writeAtomically(out: string, source: Readable): Promise<void> {
  const temp = `${out}.${process.pid}.partial`;
  try {
    await pipeline(source, createWriteStream(temp, { mode: 0o600, flags: 'wx' }));
    const handle = await open(temp, 'r');
    await handle.sync();
    await handle.close();
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await rename(temp, out);
}

/**
 * `reference-server backup`: through the running server when one holds the folder (it captures
 * its own memory at one instant), otherwise by opening the folder itself.
 */
export async function backupFolder(dataDir: string, out: string): Promise<{ file: string; via: 'server' | 'folder' }> {
  const dir = resolve(dataDir);
  const file = resolve(out);
  let folder;
  try {
    folder = await openDataFolder(defaultConfig({ dataDir: dir, logLevel: 'silent', seed: false }), createLogger('silent'), 'cli');
  } catch (error) {
    if (!(error instanceof FolderLockedError) || !error.holder.operatorUrl) throw error;
    const { status, response } = await callOperator(error.holder, 'backup', {});
    if (status !== 200) throw new Error(`the server refused the backup (${status}): ${(await readAll(response)).toString('utf8')}`);
    await writeAtomically(file, response);
    return { file, via: 'server' };
  }
  try {
    await writeAtomically(file, await backupStream(folder.ctx, legacyUploadPaths));
    return { file, via: 'folder' };
  } finally {
    await folder.close();
  }
}

/**
 * `reference-server backup --database-url`: the same archive from a database, read in one
 * snapshot while servers keep writing. It holds no master key (on a database the key lives only in
 * the environment) and no uploaded files (they stay in each server's data folder for now).
 * `restore` brings it into a folder; `store copy` from there into an empty database.
 */
export async function backupDatabase(url: string, out: string): Promise<{ file: string; via: 'database'; records: number }> {
  const file = resolve(out);
  let store: PostgresStore;
  try {
    store = await PostgresStore.open(url);
  } catch (error) {
    throw new Error(`cannot open ${redactConnectionString(url)}: ${error instanceof StoreUnavailableError ? error.reason : (error as Error).message}`);
  }
  try {
    const chunks = await store.transaction((tx) => captureSnapshot(tx), { readOnly: true });
    await writeAtomically(file, encodeBackup(chunks, [], undefined, new Date()));
    return { file, via: 'database', records: chunks.reduce((n, c) => n + c.records.length, 0) };
  } finally {
    await store.close();
  }
}

const BATCH = 2000;

/** `reference-server restore`: brings a backup back into an empty (or absent) folder. */
export async function restoreFolder(from: string, dataDir: string): Promise<{ records: number; createdAt: string }> {
  const dir = resolve(dataDir);
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length > 0) throw new Error(`restore needs an empty data folder; ${dir} holds ${existing.length} entries`);
  const entries = decodeBackup(resolve(from));
  const first = await entries.next();
  if (first.done) throw new BadBackupError(`${from} is empty`);
  const header = first.value as BackupHeader;
  await mkdir(dir, { recursive: true });
  if (header.masterKey) await writeFile(join(dir, MASTER_KEY_FILE), header.masterKey, { mode: 0o600, flag: 'wx' });
  else if (!process.env[MASTER_KEY_ENV]) {
    throw new Error(
      `this backup does not hold the master key (its server read ${MASTER_KEY_ENV}): set ${MASTER_KEY_ENV} to that key and restore again`,
    );
  }
  // The lock keeps a server from starting on the folder mid-restore.
  const folder = await openDataFolder(defaultConfig({ dataDir: dir, logLevel: 'silent', seed: false }), createLogger('silent'), 'cli');
  try {
    let ops: WriteOp[] = [];
    const writes: Promise<void>[] = [];
    for await (const entry of entries) {
      if ('file' in entry) {
        const path = join(dir, ...entry.file.split('/'));
        await mkdir(dirname(path), { recursive: true });
        const handle = await open(path, 'wx', 0o600);
        await handle.writeFile(Buffer.from(entry.data, 'base64'));
        await handle.sync();
        await handle.close();
        continue;
      }
      const chunk = entry as BackupChunk;
      for (const record of chunk.records) ops.push(put(chunk.collection, chunk.scope, record));
      if (ops.length >= BATCH) {
        writes.push(folder.ctx.db.write(ops));
        ops = [];
      }
    }
    if (ops.length > 0) writes.push(folder.ctx.db.write(ops));
    await Promise.all(writes);
    // A folder's own compaction: restore writes only to a data folder (PostgreSQL: `store copy`).
    await folder.journal.compact();
  } finally {
    await folder.close();
  }
  return { records: header.records, createdAt: header.createdAt };
}
