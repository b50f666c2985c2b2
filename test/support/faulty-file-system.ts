import { nodeFileSystem, type OpenMode, type StoreFile, type StoreFileSystem } from '../../reference-server/src/store/file-system.js';

const errno = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code });

/**
 * The real disk under a server's store, with a full disk or failing I/O on demand: `fill(n)`
 * lets only `n` more bytes be written (a write that crosses it is short, as on a real full disk,
 * then writes fail with ENOSPC); `failWith('EIO')` fails every change; `heal()` ends both.
 */
export class FaultyFileSystem implements StoreFileSystem {
  readonly #inner: StoreFileSystem;
  #room: number | undefined;
  #failure: string | undefined;

  constructor(inner: StoreFileSystem = nodeFileSystem) {
    this.#inner = inner;
  }

  fill(room = 0): void {
    this.#room = room;
  }

  failWith(code: string): void {
    this.#failure = code;
  }

  heal(): void {
    this.#room = undefined;
    this.#failure = undefined;
  }

  async open(path: string, mode: OpenMode): Promise<StoreFile> {
    if (mode !== 'read') this.#check(path);
    const file = await this.#inner.open(path, mode);
    return {
      write: async (data, position) => {
        this.#check(path);
        let length = data.length;
        if (this.#room !== undefined) {
          length = Math.min(length, this.#room);
          if (length === 0) throw errno('ENOSPC', path);
        }
        const written = await file.write(data.subarray(0, length), position);
        if (this.#room !== undefined) this.#room -= written;
        return written;
      },
      read: (buffer, position) => file.read(buffer, position),
      truncate: async (length) => {
        this.#check(path);
        await file.truncate(length);
      },
      sync: async () => {
        this.#check(path);
        await file.sync();
      },
      size: () => file.size(),
      close: () => file.close(),
    };
  }

  list(path: string) {
    return this.#inner.list(path);
  }

  async makeDirectory(path: string): Promise<boolean> {
    this.#check(path);
    if (this.#room === 0) throw errno('ENOSPC', path);
    return this.#inner.makeDirectory(path);
  }

  stat(path: string) {
    return this.#inner.stat(path);
  }

  async rename(from: string, to: string): Promise<void> {
    this.#check(from);
    await this.#inner.rename(from, to);
  }

  async remove(path: string): Promise<void> {
    this.#check(path);
    await this.#inner.remove(path);
  }

  async syncDirectory(path: string): Promise<void> {
    this.#check(path);
    await this.#inner.syncDirectory(path);
  }

  #check(path: string): void {
    if (this.#failure) throw errno(this.#failure, path);
  }
}
