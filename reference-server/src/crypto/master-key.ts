import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Keyring } from './keyring.js';

/** The master key's file in a data folder, when no environment variable gives it. */
export const MASTER_KEY_FILE = 'master.key';
export const MASTER_KEY_ENV = 'REFERENCE_SERVER_MASTER_KEY';

/** REFERENCE_SERVER_MASTER_KEY (base64 of 32 bytes), when set. */
export function masterKeyFromEnvironment(): Buffer | undefined {
  const fromEnv = process.env[MASTER_KEY_ENV];
  if (!fromEnv) return undefined;
  const key = Buffer.from(fromEnv, 'base64');
  if (key.length !== 32) throw new Error(`${MASTER_KEY_ENV} must be the base64 of 32 bytes`);
  return key;
}

/**
 * The master key: from REFERENCE_SERVER_MASTER_KEY (base64 of 32 bytes) when set, else from
 * `master.key` in the data folder, created (mode 0600) on first use. Keep it outside the folder
 * in any deployment where the folder itself may leak.
 */
export async function loadMasterKey(dir: string): Promise<Buffer> {
  const fromEnv = masterKeyFromEnvironment();
  if (fromEnv) return fromEnv;
  const path = join(dir, MASTER_KEY_FILE);
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = Keyring.generateKey();
  const handle = await open(path, 'wx', 0o600);
  await handle.writeFile(key.toString('base64'));
  await handle.sync();
  await handle.close();
  return key;
}
