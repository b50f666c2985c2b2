import FormData from 'form-data';
import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';

/** The file's name: the Name input, else the last segment of the file URL's path. */
function fileName(url: string, name: unknown): string {
  if (typeof name === 'string' && name.trim()) return name.trim();
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : 'file';
}

/** The inputs among `keys` the zap builder filled in, as text. */
const givenInputs = (input: Record<string, unknown>, keys: string[]): Record<string, string> =>
  Object.fromEntries(keys.filter((key) => input[key]).map((key) => [key, String(input[key])]));

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export interface AttachStep {
  path: `/${string}`;
  /** the input attached as it is (in a JSON body) when no File is given */
  inline: 'url' | 'text';
  /** the optional inputs sent along, either way */
  optional: string[];
  /** what the zap builder reads when neither or both are given */
  eitherOr: string;
  /** the uploaded file's media type when neither the Content Type input nor the download names one */
  fallbackType: string;
}

/**
 * Attaches either the `inline` input or a File (what a File field maps in: a URL Zapier can
 * fetch), one of them, to the submission of the Record ID. The file is downloaded — without any
 * platform credential, it is not the platform's — and uploaded as multipart/form-data, so the
 * platform keeps the bytes; without a Content Type input it takes the download's.
 */
export async function attach<T>(z: ZObject, input: Record<string, unknown>, step: AttachStep): Promise<T> {
  const inline = textOf(input[step.inline]);
  const file = textOf(input['file']);
  if (Boolean(inline) === Boolean(file)) throw new z.errors.Error(step.eitherOr, 'invalid_input', 400);
  const fields = { record_id: String(input['record_id']), ...givenInputs(input, step.optional) };
  if (inline) return (await z.request<T>({ url: apiUrl(step.path), method: 'POST', body: { ...fields, [step.inline]: inline } })).data;

  const download = await z.request({ url: file, raw: true });
  const contentType = textOf(input['content_type']) || download.getHeader('content-type') || step.fallbackType;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', await download.buffer(), { filename: fileName(file, input['name']), contentType });
  const response = await z.request<T>({ url: apiUrl(step.path), method: 'POST', body: form, headers: form.getHeaders() });
  return response.data;
}
