import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { attach } from '../automation/attachments.js';
import { TRANSCRIPT_SAMPLE } from '../automation/samples.js';
import { outputFieldsFrom } from '../output-fields.js';
import { submissionRecordInput } from '../triggers/submission-records.js';

/** The transcript as text, or as a file from an earlier step (a meeting recorder's export). */
const perform = (z: ZObject, bundle: Bundle) =>
  attach<typeof TRANSCRIPT_SAMPLE>(z, bundle.inputData, {
    path: '/api/automation/transcripts',
    inline: 'text',
    optional: ['title', 'language'],
    eitherOr: 'Give either the Text or a File of the transcript (one of them, not both).',
    fallbackType: 'text/plain',
  });

export const attachTranscript = defineCreate({
  key: 'attach_transcript',
  noun: 'Transcript',
  display: {
    label: 'Attach Transcript',
    description: 'Attaches a call or meeting transcript to a submission, which is then re-scored.',
  },
  operation: {
    inputFields: [
      submissionRecordInput,
      { key: 'text', label: 'Text', type: 'text', required: false, helpText: 'The transcript, e.g. from a meeting recorder. Give the Text or a File.' },
      { key: 'file', label: 'File', type: 'file', required: false, helpText: 'A transcript file from an earlier step (plain text, VTT or SRT). Give the Text or a File.' },
      { key: 'language', label: 'Language', type: 'string', required: false, helpText: 'A language tag such as `en` or `pt-BR` ([list of tags](https://www.iana.org/assignments/language-subtag-registry)).' },
      { key: 'title', label: 'Title', type: 'string', required: false },
    ],
    perform,
    sample: TRANSCRIPT_SAMPLE,
    outputFields: outputFieldsFrom(TRANSCRIPT_SAMPLE, {}, { id: 'transcript ID', submission_id: 'submission ID', record_id: 'record ID' }),
  },
});
