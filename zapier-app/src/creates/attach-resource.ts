import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { attach } from '../automation/attachments.js';
import { RESOURCE_SAMPLE } from '../automation/samples.js';
import { outputFieldsFrom } from '../output-fields.js';
import { submissionRecordInput } from '../triggers/submission-records.js';

/** A link is attached as a URL (the platform does not download it); a file is uploaded. */
const perform = (z: ZObject, bundle: Bundle) =>
  attach<typeof RESOURCE_SAMPLE>(z, bundle.inputData, {
    path: '/api/automation/resources',
    inline: 'url',
    optional: ['name', 'content_type'],
    eitherOr: 'Give either a File or a URL to attach (one of them, not both).',
    fallbackType: 'application/octet-stream',
  });

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
