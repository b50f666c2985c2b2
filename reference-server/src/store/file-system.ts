import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';

/**
 * Every file operation the store makes, and nothing else. The store never touches `node:fs`
 * directly, so a test can put a simulated disk under it that drops or tears unsynced data at a
 * power cut, or fails writes with ENOSPC and EIO on demand (reference-server/testing), the way
 * SQLite's and LevelDB's crash tests do.
 */
export interface StoreFile {
  /** Writes at `position` (at the end for a file opened to append); may write fewer bytes than given. */
  write(data: Uint8Array, position?: number): Promise<number>;
  /** Reads into `buffer` from `position`; 0 at the end of the file. */
  read(buffer: Uint8Array, position: number): Promise<number>;
  truncate(length: number): Promise<void>;
  /** Makes what was written durable (fdatasync). */
  sync(): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}

/**
 * `read`: an existing file. `replace`: created or emptied. `journal`: created if missing, every
 * write appended and durable when it returns (O_DSYNC: one system call instead of write + fsync).
 */
export type OpenMode = 'read' | 'replace' | 'journal';

export interface DirectoryEntry {
  name: string;
  directory: boolean;
}

export interface StoreFileSystem {
  open(path: string, mode: OpenMode): Promise<StoreFile>;
  list(path: string): Promise<DirectoryEntry[]>;
  /** Creates the folder and its missing parents; true when it did not exist. */
  makeDirectory(path: string): Promise<boolean>;
  /** Size and kind, or undefined when nothing is there. */
  stat(path: string): Promise<{ size: number; directory: boolean } | undefined>;
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; nothing when it is already gone. */
  remove(path: string): Promise<void>;
  /** Makes the folder's entries (files created, renamed, removed in it) durable. */
  syncDirectory(path: string): Promise<void>;
}

const FLAGS: Record<OpenMode, number | string> = {
  read: 'r',
  replace: 'w',
  journal: constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC,
};

class NodeFile implements StoreFile {
  constructor(readonly handle: FileHandle) {}

  async write(data: Uint8Array, position?: number): Promise<number> {
    return (await this.handle.write(data, 0, data.length, position ?? null)).bytesWritten;
  }

  async read(buffer: Uint8Array, position: number): Promise<number> {
    return (await this.handle.read(buffer, 0, buffer.length, position)).bytesRead;
  }

  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }

  sync(): Promise<void> {
    return this.handle.datasync();
  }

  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** The real disk. */
export const nodeFileSystem: StoreFileSystem = {
  async open(path, mode) {
    return new NodeFile(await open(path, FLAGS[mode]));
  },
  async list(path) {
    return (await readdir(path, { withFileTypes: true })).map((entry) => ({ name: entry.name, directory: entry.isDirectory() }));
  },
  async makeDirectory(path) {
    return (await mkdir(path, { recursive: true })) !== undefined;
  },
  async stat(path) {
    try {
      const s = await stat(path);
      return { size: s.size, directory: s.isDirectory() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  rename(from, to) {
    return rename(from, to);
  },
  remove(path) {
    return rm(path, { force: true });
  },
  async syncDirectory(path) {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

/**
 * Writes every byte or throws. One `write` is one system call, and on a nearly full disk it
 * writes part of the buffer and returns the count (measured on a 6 MB tmpfs): code that ignores
 * the count acknowledges a torn write.
 */
export async function writeAll(file: StoreFile, data: Uint8Array, position?: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const written = await file.write(data.subarray(done), position === undefined ? undefined : position + done);
    if (written <= 0) throw Object.assign(new Error('the disk accepted no more bytes (ENOSPC)'), { code: 'ENOSPC' });
    done += written;
  }
}

/** The whole file as text, or null when it does not exist. */
export async function readText(fs: StoreFileSystem, path: string): Promise<string | null> {
  let file: StoreFile;
  try {
    file = await fs.open(path, 'read');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parts: Buffer[] = [];
    const buffer = Buffer.allocUnsafe(256 * 1024);
    for (let position = 0; ; ) {
      const read = await file.read(buffer, position);
      if (read === 0) break;
      parts.push(Buffer.from(buffer.subarray(0, read)));
      position += read;
    }
    return Buffer.concat(parts).toString('utf8');
  } finally {
    await file.close();
  }
}
