// What the rest of the server uses of backup/: other folders import it from here, never from its files.
export { BadBackupError, captureSnapshot, decodeBackup, encodeBackup, type BackupChunk, type BackupHeader } from './archive.js';
export { backupStream, type FilesOf } from './stream.js';
