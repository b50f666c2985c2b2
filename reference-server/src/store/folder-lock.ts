import { hostname } from 'node:os';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Who holds a data folder; written into the lock file so a refused second process can name it. */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  role: 'server' | 'cli';
  /** Loopback URL of the holder's operator endpoint, when the holder is a server. */
  operatorUrl?: string;
  /** Token for that endpoint; valid only while the holder runs. The lock file is mode 0600. */
  operatorToken?: string;
  /** SHA-256 fingerprint of the holder's TLS certificate when it serves HTTPS; the CLI pins it. */
  operatorCertSha256?: string;
}

export class FolderLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `data folder ${dir} is in use by ${holder.role === 'server' ? 'a reference server' : 'another command'} ` +
        `(pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}). One process writes a data folder at a time.`,
    );
    this.name = 'FolderLockedError';
  }
}

export const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readLockHolder(dir: string): Promise<LockHolder | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/**
 * An exclusive lock on a data folder: a file created with O_EXCL that names its holder.
 * A lock left by a process that no longer runs on this host (kill -9, power loss) is taken over
 * at once, so a crashed server restarts without waiting for a staleness timeout.
 */
export class FolderLock {
  private constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {}

  static async acquire(dir: string, holder: Omit<LockHolder, 'pid' | 'host' | 'startedAt'>): Promise<FolderLock> {
    const full: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), ...holder };
    const path = join(dir, LOCK_FILE);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const handle = await open(path, 'wx', 0o600);
        await handle.writeFile(JSON.stringify(full));
        await handle.sync();
        await handle.close();
        return new FolderLock(dir, full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const current = await readLockHolder(dir);
        if (current && (current.host !== hostname() || isAlive(current.pid))) throw new FolderLockedError(dir, current);
        await rm(path, { force: true });
      }
    }
    throw new Error(`could not lock data folder ${dir}`);
  }

  /** Records what the holder learnt after locking (its operator URL once it listens). */
  async update(extra: Partial<Pick<LockHolder, 'operatorUrl' | 'operatorToken' | 'operatorCertSha256'>>): Promise<void> {
    Object.assign(this.holder, extra);
    const path = join(this.dir, LOCK_FILE);
    const temp = `${path}.${process.pid}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    await handle.writeFile(JSON.stringify(this.holder));
    await handle.sync();
    await handle.close();
    await rename(temp, path);
  }

  /**
   * Opens what `open` makes while this lock is held: closing it then releases the lock, and an
   * open that fails releases it at once, so no path leaves the folder locked.
   */
  async holding<T extends { close(): Promise<void> }>(open: () => Promise<T>): Promise<T> {
    try {
      const opened = await open();
      const close = async () => {
        try {
          await opened.close();
        } finally {
          await this.release();
        }
      };
      return { ...opened, close };
    } catch (error) {
      await this.release();
      throw error;
    }
  }

  async release(): Promise<void> {
    const current = await readLockHolder(this.dir);
    if (current?.pid === this.holder.pid && current.startedAt === this.holder.startedAt) {
      await rm(join(this.dir, LOCK_FILE), { force: true });
    }
  }
}
