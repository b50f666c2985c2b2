import type { AttachmentKind } from '../../helpers/attachments';

/** Resources as the Automation API keeps them: attached to a submission, IDs starting rsc_. */
export const kind: AttachmentKind = { resource: 'resource', idPrefix: 'rsc', path: '/api/automation/resources' };
