import { randomBytes } from 'node:crypto';

/** Public identifiers (not secrets): a kind prefix and 96 random bits, URL-safe. */
export interface IdSource {
  next(prefix: string): string;
}

export const randomIds: IdSource = {
  next: (prefix) => `${prefix}_${randomBytes(12).toString('base64url')}`,
};
