import { posix } from 'node:path';
import type { DirectoryEntry, OpenMode, StoreFile, StoreFileSystem } from '../../reference-server/src/store/file-system.js';

/**
 * A disk in memory that remembers what is durable, for power-cut tests of the store (as SQLite's
 * crash tests and LevelDB's fault-injection environment do):
 *
 * - a file's bytes are durable once synced (or written through a `journal` handle, O_DSYNC);
 *   writes since then are kept in order, and a power cut keeps a random prefix of them with the
 *   last one it keeps torn at a random byte;
 * - a folder's entries (files created, renamed, removed, folders made) are durable once the folder
 *   is synced; a power cut before that undoes them;
 * - `cutPowerAt(n)`: the n-th operation that changes the disk is interrupted half-way (a write
 *   lands torn) and every operation after it fails, as on a machine that lost power; then
 *   `afterPowerCut()` gives the disk as the next boot would find it.
 * - a size limit makes writes short, then fail with ENOSPC, as a real full disk does; `failWith`
 *   makes every change fail with an error code (EIO) until `heal()`.
 */
type Change = { kind: 'write'; position: number; bytes: Buffer } | { kind: 'truncate'; length: number };

class Inode {
  data: Buffer = Buffer.alloc(0);
  durable: Buffer = Buffer.alloc(0);
  unsynced: Change[] = [];

  apply(change: Change): void {
    this.data = applyChange(this.data, change);
  }

  sync(): void {
    this.durable = Buffer.from(this.data);
    this.unsynced = [];
  }
}

function applyChange(data: Buffer, change: Change): Buffer {
  if (change.kind === 'truncate') {
    if (change.length <= data.length) return Buffer.from(data.subarray(0, change.length));
    return Buffer.concat([data, Buffer.alloc(change.length - data.length)]);
  }
  const end = change.position + change.bytes.length;
  const out = Buffer.alloc(Math.max(data.length, end));
  data.copy(out);
  change.bytes.copy(out, change.position);
  return out;
}

type Node = { kind: 'file'; inode: Inode } | { kind: 'dir'; dir: Folder };

class Folder {
  entries = new Map<string, Node>();
  durable = new Map<string, Node>();
}

export class PowerCutError extends Error {
  constructor() {
    super('the power is off');
    this.name = 'PowerCutError';
  }
}

const errno = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code });

export interface SimulatedDiskOptions {
  /** Draws in [0, 1): where writes tear and how many unsynced ones a power cut keeps. */
  random: () => number;
  /** Bytes the disk holds; writes beyond it are short, then fail with ENOSPC. */
  capacity?: number;
}

export class SimulatedDisk implements StoreFileSystem {
  readonly #root: Folder;
  readonly #random: () => number;
  #capacity: number | undefined;
  #failure: string | undefined;
  /** Operations that changed (or tried to change) the disk so far. */
  changes = 0;
  /** Each change as `kind path` (create, mkdir, rename, remove, syncdir, write, truncate, sync), in order. */
  readonly log: string[] = [];
  #refusals: Array<{ matches: (change: string) => boolean; code: string }> = [];
  #cutAt: number | undefined;
  #off = false;

  constructor(options: SimulatedDiskOptions, root = new Folder()) {
    this.#random = options.random;
    this.#capacity = options.capacity;
    this.#root = root;
  }

  /** The `n`-th change from now on (1 = the next) is cut short and the power goes off. */
  cutPowerAt(n: number): void {
    this.#cutAt = this.changes + n;
  }

  get powerIsOff(): boolean {
    return this.#off;
  }

  /** The disk as the next boot finds it: durable entries and bytes, plus a torn prefix of what was not. */
  afterPowerCut(): SimulatedDisk {
    const copies = new Map<Inode, Inode>();
    const copyInode = (inode: Inode): Inode => {
      let copy = copies.get(inode);
      if (copy) return copy;
      copy = new Inode();
      let data: Buffer = Buffer.from(inode.durable);
      const kept = Math.floor(this.#random() * (inode.unsynced.length + 1));
      inode.unsynced.slice(0, kept).forEach((change, i) => {
        if (i === kept - 1 && change.kind === 'write') {
          // The last change that reached the platter reached it in part.
          data = applyChange(data, { ...change, bytes: change.bytes.subarray(0, Math.floor(this.#random() * (change.bytes.length + 1))) });
        } else data = applyChange(data, change);
      });
      copy.data = data;
      copy.durable = Buffer.from(data);
      copies.set(inode, copy);
      return copy;
    };
    const copyFolder = (folder: Folder): Folder => {
      const copy = new Folder();
      for (const [name, node] of folder.durable) {
        copy.entries.set(name, node.kind === 'file' ? { kind: 'file', inode: copyInode(node.inode) } : { kind: 'dir', dir: copyFolder(node.dir) });
      }
      copy.durable = new Map(copy.entries);
      return copy;
    };
    return new SimulatedDisk({ random: this.#random }, copyFolder(this.#root));
  }

  /** Every change fails with `code` (EIO, ENOSPC) until `heal`. */
  failWith(code: string): void {
    this.#failure = code;
  }

  /** Changes whose `kind path` matches fail with `code` until `heal` (a rename that fails with EIO, say). */
  refuse(matches: (change: string) => boolean, code: string): void {
    this.#refusals.push({ matches, code });
  }

  /** Space returns and failures stop. */
  heal(capacity?: number): void {
    this.#failure = undefined;
    this.#refusals = [];
    this.#capacity = capacity;
  }

  /** Bytes the files hold now. */
  used(): number {
    let total = 0;
    const walk = (folder: Folder) => {
      for (const node of folder.entries.values()) {
        if (node.kind === 'file') total += node.inode.data.length;
        else walk(node.dir);
      }
    };
    walk(this.#root);
    return total;
  }

  /** The whole text of a file, for assertions. */
  readFileText(path: string): string | undefined {
    const node = this.#lookup(path);
    return node?.kind === 'file' ? node.inode.data.toString('utf8') : undefined;
  }

  // ---- StoreFileSystem ---------------------------------------------------------------

  async open(path: string, mode: OpenMode): Promise<StoreFile> {
    this.#alive();
    const { folder, name } = this.#parent(path);
    let node = folder.entries.get(name);
    if (mode === 'read') {
      if (node?.kind !== 'file') throw errno('ENOENT', path);
    } else if (!node || mode === 'replace') {
      if (node?.kind === 'dir') throw errno('EISDIR', path);
      this.#change(`create ${path}`);
      if (!node) {
        node = { kind: 'file', inode: new Inode() };
        folder.entries.set(name, node);
      } else if (node.kind === 'file') {
        node.inode.apply({ kind: 'truncate', length: 0 });
        node.inode.unsynced.push({ kind: 'truncate', length: 0 });
      }
    }
    if (node.kind !== 'file') throw errno('EISDIR', path);
    return this.#handle(path, node.inode, mode);
  }

  async list(path: string): Promise<DirectoryEntry[]> {
    this.#alive();
    const node = this.#lookup(path);
    if (!node) throw errno('ENOENT', path);
    if (node.kind !== 'dir') throw errno('ENOTDIR', path);
    return [...node.dir.entries].map(([name, child]) => ({ name, directory: child.kind === 'dir' }));
  }

  async makeDirectory(path: string): Promise<boolean> {
    this.#alive();
    const parts = this.#parts(path);
    let folder = this.#root;
    let made = false;
    for (const part of parts) {
      const node = folder.entries.get(part);
      if (node?.kind === 'file') throw errno('ENOTDIR', path);
      if (node) {
        folder = node.dir;
        continue;
      }
      this.#change(`mkdir ${path}`);
      const dir = new Folder();
      folder.entries.set(part, { kind: 'dir', dir });
      folder = dir;
      made = true;
    }
    return made;
  }

  async stat(path: string): Promise<{ size: number; directory: boolean } | undefined> {
    this.#alive();
    const node = this.#lookup(path);
    if (!node) return undefined;
    return node.kind === 'dir' ? { size: 0, directory: true } : { size: node.inode.data.length, directory: false };
  }

  async rename(from: string, to: string): Promise<void> {
    this.#alive();
    const source = this.#parent(from);
    const node = source.folder.entries.get(source.name);
    if (!node) throw errno('ENOENT', from);
    const target = this.#parent(to);
    this.#change(`rename ${from} ${to}`, () => {
      source.folder.entries.delete(source.name);
      target.folder.entries.set(target.name, node);
    });
    source.folder.entries.delete(source.name);
    target.folder.entries.set(target.name, node);
  }

  async remove(path: string): Promise<void> {
    this.#alive();
    // As `rm -f`: nothing to do when the file, or its folder, is not there.
    if (!this.#lookup(path)) return;
    const { folder, name } = this.#parent(path);
    this.#change(`remove ${path}`, () => folder.entries.delete(name));
    folder.entries.delete(name);
  }

  async syncDirectory(path: string): Promise<void> {
    this.#alive();
    const node = this.#lookup(path);
    if (node?.kind !== 'dir') throw errno('ENOENT', path);
    this.#change(`syncdir ${path}`);
    node.dir.durable = new Map(node.dir.entries);
  }

  // ---- internals ---------------------------------------------------------------------

  #handle(path: string, inode: Inode, mode: OpenMode): StoreFile {
    let closed = false;
    const open = () => {
      this.#alive();
      if (closed) throw errno('EBADF', path);
    };
    return {
      write: async (data, position) => {
        open();
        if (mode === 'read') throw errno('EBADF', path);
        const at = mode === 'journal' || position === undefined ? inode.data.length : position;
        const growth = Math.max(0, at + data.length - inode.data.length);
        const room = this.#capacity === undefined ? growth : Math.max(0, this.#capacity - this.used());
        const length = growth > room ? data.length - (growth - room) : data.length;
        if (length <= 0) throw errno('ENOSPC', path);
        const change: Change = { kind: 'write', position: at, bytes: Buffer.from(data.subarray(0, length)) };
        this.#change(`write ${path}`, () => {
          // Cut mid-write: part of it lands, never synced.
          const torn: Change = { ...change, bytes: change.bytes.subarray(0, Math.floor(this.#random() * (change.bytes.length + 1))) };
          inode.apply(torn);
          inode.unsynced.push(torn);
        });
        inode.apply(change);
        inode.unsynced.push(change);
        if (mode === 'journal') inode.sync();
        return length;
      },
      read: async (buffer, position) => {
        open();
        const slice = inode.data.subarray(position, position + buffer.length);
        slice.copy(buffer);
        return slice.length;
      },
      truncate: async (length) => {
        open();
        const change: Change = { kind: 'truncate', length };
        this.#change(`truncate ${path}`);
        inode.apply(change);
        inode.unsynced.push(change);
      },
      sync: async () => {
        open();
        this.#change(`sync ${path}`);
        inode.sync();
      },
      size: async () => {
        open();
        return inode.data.length;
      },
      close: async () => {
        closed = true;
      },
    };
  }

  /** Counts a change (`kind path`); at the cut, lets `halfDone` land (if given, at random) and turns the power off. */
  #change(change: string, halfDone?: () => void): void {
    const path = change.slice(change.indexOf(' ') + 1);
    if (this.#failure) throw errno(this.#failure, path);
    const refusal = this.#refusals.find((r) => r.matches(change));
    if (refusal) throw errno(refusal.code, path);
    this.log.push(change);
    this.changes += 1;
    if (this.#cutAt !== undefined && this.changes >= this.#cutAt) {
      if (halfDone && this.#random() < 0.5) halfDone();
      this.#off = true;
      throw new PowerCutError();
    }
  }

  #alive(): void {
    if (this.#off) throw new PowerCutError();
  }

  #parts(path: string): string[] {
    return posix
      .normalize(path)
      .split('/')
      .filter((part) => part !== '');
  }

  #lookup(path: string): Node | undefined {
    let node: Node = { kind: 'dir', dir: this.#root };
    for (const part of this.#parts(path)) {
      if (node.kind !== 'dir') return undefined;
      const next = node.dir.entries.get(part);
      if (!next) return undefined;
      node = next;
    }
    return node;
  }

  #parent(path: string): { folder: Folder; name: string } {
    const parts = this.#parts(path);
    const name = parts.pop();
    if (name === undefined) throw errno('EINVAL', path);
    const node = this.#lookup(`/${parts.join('/')}`);
    if (node?.kind !== 'dir') throw errno('ENOENT', path);
    return { folder: node.dir, name };
  }
}
