import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { AsyncReader, StoredRecord } from '../store/index.js';

/**
 * A backup file: gzip of JSON lines. The first line is the header; each further line holds the
 * records of one collection and scope, at most CHUNK of them, so neither side ever holds the
 * whole folder as one string.
 */
export const FORMAT = 'reference-server-backup';
const CHUNK = 1000;

export interface BackupHeader {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  records: number;
  /** Uploaded files (resource bytes) that follow the records, as FileChunk lines. */
  files?: number;
  /** base64 of the master key when it lived in the data folder; absent when it came from the environment. */
  masterKey?: string;
}

export interface BackupChunk {
  collection: string;
  scope: string;
  records: StoredRecord[];
}

/** An uploaded file of the data folder, by its path relative to the folder. */
export interface FileChunk {
  file: string;
  /** base64 */
  data: string;
}

/**
 * Captures every record a reader sees. Read through a read-only transaction it is one consistent
 * point: on the file store nothing commits meanwhile, on PostgreSQL it is one snapshot.
 */
export async function captureSnapshot(reader: AsyncReader): Promise<BackupChunk[]> {
  const chunks: BackupChunk[] = [];
  for (const collection of (await reader.collections()).sort()) {
    for (const scope of (await reader.scopes(collection)).sort()) {
      const records = await reader.all(collection, scope);
      for (let i = 0; i < records.length; i += CHUNK) chunks.push({ collection, scope, records: records.slice(i, i + CHUNK) });
    }
  }
  return chunks;
}

/** The gzipped backup stream of captured chunks. */
export function encodeBackup(
  chunks: BackupChunk[],
  files: { path: string; read: () => Promise<Buffer> }[],
  masterKey: Buffer | undefined,
  now: Date,
): Readable {
  const header: BackupHeader = {
    format: FORMAT,
    version: 1,
    createdAt: now.toISOString(),
    records: chunks.reduce((n, c) => n + c.records.length, 0),
    ...(files.length ? { files: files.length } : {}),
    ...(masterKey ? { masterKey: masterKey.toString('base64') } : {}),
  };
  async function* lines(): AsyncGenerator<string> {
    yield `${JSON.stringify(header)}\n`;
    for (const chunk of chunks) yield `${JSON.stringify(chunk)}\n`;
    for (const file of files) yield `${JSON.stringify({ file: file.path, data: (await file.read()).toString('base64') } satisfies FileChunk)}\n`;
  }
  return Readable.from(lines()).pipe(createGzip());
}

export class BadBackupError extends Error {
  override name = 'BadBackupError';
}

/** Reads a backup file: its header, then its chunks one at a time. */
export async function* decodeBackup(file: string): AsyncGenerator<BackupHeader | BackupChunk | FileChunk> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let first = true;
  let seen = 0;
  let header: BackupHeader | undefined;
  for await (const line of lines) {
    if (line === '') continue;
    const value = JSON.parse(line) as BackupHeader | BackupChunk | FileChunk;
    if (first) {
      const h = value as BackupHeader;
      if (h.format !== FORMAT || h.version !== 1) throw new BadBackupError(`${file} is not a reference-server backup`);
      header = h;
      first = false;
      yield h;
      continue;
    }
    if (typeof (value as FileChunk).file === 'string') {
      const entry = value as FileChunk;
      if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)+$/.test(entry.file) || typeof entry.data !== 'string') throw new BadBackupError(`${file}: malformed file entry`);
      yield entry;
      continue;
    }
    const chunk = value as BackupChunk;
    if (typeof chunk.collection !== 'string' || typeof chunk.scope !== 'string' || !Array.isArray(chunk.records)) {
      throw new BadBackupError(`${file}: malformed chunk`);
    }
    seen += chunk.records.length;
    yield chunk;
  }
  if (!header) throw new BadBackupError(`${file} is empty`);
  if (seen !== header.records) throw new BadBackupError(`${file} is cut short: ${seen} of ${header.records} records`);
}
