import { attachmentGet } from '../../helpers/attachments';
import { kind } from './kind';

export const { description, execute } = attachmentGet(kind);
