// What the rest of the server uses of backup/: other folders import it from here, never from its files.
export { backupDatabase, backupFolder, backupStream, restoreFolder } from './backup.js';
