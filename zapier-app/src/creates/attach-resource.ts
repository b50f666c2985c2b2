import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { RESOURCE_SAMPLE } from '../automation/samples.js';
import { givenInputs, uploadFile } from '../automation/upload.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';
import { submissionRecordInput } from '../triggers/submission-records.js';

type Resource = typeof RESOURCE_SAMPLE;
const PATH = '/api/automation/resources';

/**
 * A link is attached as a URL; a file (what a File field maps in) is uploaded, so the platform
 * keeps the bytes. Without a Content Type the platform takes the file's own.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<Resource> => {
  const input = bundle.inputData as Record<string, unknown>;
  const url = typeof input['url'] === 'string' ? input['url'].trim() : '';
  const file = typeof input['file'] === 'string' ? input['file'].trim() : '';
  if (Boolean(url) === Boolean(file)) {
    throw new z.errors.Error('Give either a File or a URL to attach (one of them, not both).', 'invalid_input', 400);
  }
  const fields = { record_id: String(input['record_id']), ...givenInputs(input, ['name', 'content_type']) };
  if (url) return (await z.request<Resource>({ url: apiUrl(PATH), method: 'POST', body: { ...fields, url } })).data;
  return uploadFile<Resource>(z, PATH, { file, fields, name: input['name'], contentType: input['content_type'], fallbackType: 'application/octet-stream' });
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
