import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';

/** One page of an automation list: `{data, next_cursor}`, newest first. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export async function listPage<T>(z: ZObject, path: `/api/automation/${string}`, params: Record<string, unknown> = {}): Promise<Page<T>> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return (await z.request<Page<T>>({ url: apiUrl(path), params: query })).data;
}
