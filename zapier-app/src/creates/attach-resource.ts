import FormData from 'form-data';
import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { RESOURCE_SAMPLE } from '../automation/samples.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';
import { submissionRecordInput } from '../triggers/submission-records.js';

type Resource = typeof RESOURCE_SAMPLE;

/** The file's name: the Name input, else the last segment of the file URL's path. */
export function fileName(url: string, name: unknown): string {
  if (typeof name === 'string' && name.trim()) return name.trim();
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : 'file';
}

/**
 * A link is attached as a URL; a file (what a File field maps in: a URL Zapier can fetch) is
 * downloaded — without any platform credential, it is not the platform's — and uploaded as
 * multipart/form-data, so the platform keeps the bytes.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<Resource> => {
  const input = bundle.inputData as Record<string, unknown>;
  const url = typeof input['url'] === 'string' ? input['url'].trim() : '';
  const file = typeof input['file'] === 'string' ? input['file'].trim() : '';
  if (Boolean(url) === Boolean(file)) {
    throw new z.errors.Error('Give either a File or a URL to attach (one of them, not both).', 'invalid_input', 400);
  }
  const ref = { record_id: input['record_id'] };
  if (url) {
    const response = await z.request<Resource>({
      url: apiUrl('/api/automation/resources'),
      method: 'POST',
      body: { ...ref, url, ...(input['name'] ? { name: input['name'] } : {}), ...(input['content_type'] ? { content_type: input['content_type'] } : {}) },
    });
    return response.data;
  }
  const download = await z.request({ url: file, raw: true });
  const bytes = await download.buffer();
  const contentType = (input['content_type'] as string) || download.getHeader('content-type') || 'application/octet-stream';
  const form = new FormData();
  form.append('record_id', String(input['record_id']));
  if (input['name']) form.append('name', String(input['name']));
  form.append('content_type', contentType.split(';')[0]!.trim());
  form.append('file', bytes, { filename: fileName(file, input['name']), contentType });
  const response = await z.request<Resource>({ url: apiUrl('/api/automation/resources'), method: 'POST', body: form, headers: form.getHeaders() });
  return response.data;
};

export const attachResource = defineCreate({
  key: 'attach_resource',
  noun: 'Resource',
  display: {
    label: 'Attach Resource',
    description: 'Attaches a file or a link (a deck, a data room, a profile) to a submission, which is then re-scored.',
  },
  operation: {
    inputFields: [
      submissionRecordInput,
      { key: 'file', label: 'File', type: 'file', required: false, helpText: 'A file from an earlier step. Give a File or a URL.' },
      { key: 'url', label: 'URL', type: 'string', required: false, helpText: 'A link to attach as it is (the platform does not download it).' },
      { key: 'name', label: 'Name', type: 'string', required: false },
      { key: 'content_type', label: 'Content Type', type: 'string', required: false, helpText: 'A media type such as `application/pdf`.' },
    ],
    perform,
    sample: RESOURCE_SAMPLE,
    outputFields: outputFieldsFrom(RESOURCE_SAMPLE, {}, {
      id: 'resource ID',
      submission_id: 'submission ID',
      record_id: 'record ID',
      url: 'URL',
      sha256: 'SHA-256',
    }),
  },
});
