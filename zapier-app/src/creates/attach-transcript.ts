import { defineCreate, type Bundle, type ZObject } from 'zapier-platform-core';
import { TRANSCRIPT_SAMPLE } from '../automation/samples.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';

type Transcript = typeof TRANSCRIPT_SAMPLE;

const perform = async (z: ZObject, bundle: Bundle): Promise<Transcript> => {
  const input = bundle.inputData as Record<string, unknown>;
  const optional = Object.fromEntries(['title', 'language'].filter((k) => input[k]).map((k) => [k, input[k]]));
  const response = await z.request<Transcript>({
    url: apiUrl('/api/automation/transcripts'),
    method: 'POST',
    body: { record_id: input['record_id'], text: input['text'], ...optional },
  });
  return response.data;
};

export const attachTranscript = defineCreate({
  key: 'attach_transcript',
  noun: 'Transcript',
  display: {
    label: 'Attach Transcript',
    description: 'Attaches a call or meeting transcript to a submission, which is then re-scored.',
  },
  operation: {
    inputFields: [
      { key: 'record_id', label: 'Record ID', type: 'string', required: true, helpText: 'The Record ID of the submission to attach to.' },
      { key: 'text', label: 'Text', type: 'text', required: true, helpText: 'The transcript, e.g. from a meeting recorder.' },
      { key: 'title', label: 'Title', type: 'string', required: false },
      { key: 'language', label: 'Language', type: 'string', required: false, helpText: 'A language tag such as `en` or `pt-BR`.' },
    ],
    perform,
    sample: TRANSCRIPT_SAMPLE,
    outputFields: outputFieldsFrom(TRANSCRIPT_SAMPLE, {}, { id: 'transcript ID', submission_id: 'submission ID', record_id: 'record ID' }),
  },
});
