import FormData from 'form-data';
import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';

/** The file's name: the Name input, else the last segment of the file URL's path. */
export function fileName(url: string, name: unknown): string {
  if (typeof name === 'string' && name.trim()) return name.trim();
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : 'file';
}

/** The inputs among `keys` the zap builder filled in, as text. */
export const givenInputs = (input: Record<string, unknown>, keys: string[]): Record<string, string> =>
  Object.fromEntries(keys.filter((key) => input[key]).map((key) => [key, String(input[key])]));

export interface Upload {
  /** what a File field maps in: a URL Zapier can fetch */
  file: string;
  /** the form fields sent beside the file */
  fields: Record<string, string>;
  name?: unknown;
  /** the zap builder's media type; else the download's, else `fallbackType` */
  contentType?: unknown;
  fallbackType: string;
}

/**
 * A file from an earlier step, downloaded — without any platform credential, it is not the
 * platform's — and uploaded to `path` as multipart/form-data, so the platform keeps the bytes.
 */
export async function uploadFile<T>(z: ZObject, path: `/${string}`, upload: Upload): Promise<T> {
  const download = await z.request({ url: upload.file, raw: true });
  const contentType = (upload.contentType as string | undefined) || download.getHeader('content-type') || upload.fallbackType;
  const form = new FormData();
  for (const [key, value] of Object.entries(upload.fields)) form.append(key, value);
  form.append('file', await download.buffer(), { filename: fileName(upload.file, upload.name), contentType });
  const response = await z.request<T>({ url: apiUrl(path), method: 'POST', body: form, headers: form.getHeaders() });
  return response.data;
}
