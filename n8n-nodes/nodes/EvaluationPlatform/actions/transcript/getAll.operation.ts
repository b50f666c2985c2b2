import { attachmentList } from '../../helpers/attachments';
import { kind } from './kind';

export const { description, execute } = attachmentList(kind);
