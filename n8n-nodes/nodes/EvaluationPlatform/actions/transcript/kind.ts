import type { AttachmentKind } from '../../helpers/attachments';

/** Transcripts as the Automation API keeps them: attached to a submission, IDs starting trn_. */
export const kind: AttachmentKind = { resource: 'transcript', idPrefix: 'trn', path: '/api/automation/transcripts' };
