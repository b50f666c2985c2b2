// Reading a zip's central directory, and extracting it, with node:zlib: enough to check and load
// what a build put in (no unzip tool assumed on the machine).
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const S_IFLNK = 0o120000;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  mode: number;
  localHeader: number;
}

function centralDirectory(zip: Buffer, path: string): Entry[] {
  // The end record is the last 22 bytes plus a comment of at most 64 KiB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error(`${path} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`${path}: broken central directory at entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      mode: zip.readUInt32LE(at + 38) >>> 16,
      localHeader: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

export function zipEntries(path: string): string[] {
  return centralDirectory(readFileSync(path), path).map((entry) => entry.name);
}

export function extractZip(path: string, into: string): void {
  const zip = readFileSync(path);
  for (const entry of centralDirectory(zip, path)) {
    const target = normalize(join(into, entry.name));
    if (!target.startsWith(normalize(into))) throw new Error(`${path}: entry ${entry.name} points outside the folder`);
    if (entry.name.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    const start = entry.localHeader + 30 + zip.readUInt16LE(entry.localHeader + 26) + zip.readUInt16LE(entry.localHeader + 28);
    const raw = zip.subarray(start, start + entry.compressedSize);
    const data = entry.method === 0 ? raw : inflateRawSync(raw);
    mkdirSync(dirname(target), { recursive: true });
    if ((entry.mode & 0o170000) === S_IFLNK) symlinkSync(data.toString('utf8'), target);
    else writeFileSync(target, data);
  }
}
