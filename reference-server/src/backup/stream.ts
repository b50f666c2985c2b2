import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.js';
import { MASTER_KEY_ENV, MASTER_KEY_FILE } from '../crypto/index.js';
import { captureSnapshot, encodeBackup, type BackupChunk } from './archive.js';

/** The folder's master key file, when the key lives there (not in the environment). */
async function folderMasterKey(dataDir: string): Promise<Buffer | undefined> {
  if (process.env[MASTER_KEY_ENV]) return undefined;
  try {
    return Buffer.from((await readFile(join(dataDir, MASTER_KEY_FILE), 'utf8')).trim(), 'base64');
  } catch {
    return undefined;
  }
}

/**
 * The paths, under the data folder, of the files a backup carries beside the records: the
 * submissions domain knows which (`legacyUploadPaths`), the caller hands that in.
 */
export type FilesOf = (chunks: readonly BackupChunk[]) => string[];

/** A consistent backup of the store `ctx` holds, as a gzip stream (the operator endpoint serves it). */
export async function backupStream(ctx: AppContext, filesOf: FilesOf): Promise<Readable> {
  const chunks = await ctx.db.transaction((tx) => captureSnapshot(tx), { readOnly: true });
  // An empty batch resolves once every batch before it is durable (the file store shows a write in
  // memory a moment before its fsync): the backup holds only acknowledged writes.
  await ctx.db.write([]);
  // Uploaded bytes are records in the store now (captured above); a folder an older server wrote
  // may still hold some beside it, which follow as files.
  const legacy = filesOf(chunks);
  const present = await Promise.all(legacy.map((path) => access(join(ctx.config.dataDir, path)).then(() => true, () => false)));
  const files = legacy.filter((_, at) => present[at]).map((path) => ({ path, read: () => readFile(join(ctx.config.dataDir, path)) }));
  return encodeBackup(chunks, files, await folderMasterKey(ctx.config.dataDir), new Date(ctx.clock.now()));
}
