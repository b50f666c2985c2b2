// What the rest of the server uses of store/: other folders import it from here, never from its files.
export { type AsyncReader, type AsyncStore, type AsyncWriteOp, type Claim, type ClaimRequest, type CommittedReader, create, type CreateOp, increment, type IncrementOp, type ReadOptions, StoreConflictError, type Transaction, type TransactionOptions } from './async-store.js';
export { type CollectionSummary, copyStore, CopyMismatchError, summarise } from './copy.js';
export { type DirectoryEntry, nodeFileSystem, type OpenMode, type StoreFile, type StoreFileSystem } from './file-system.js';
export { FileAsyncStore, type FileAsyncStoreOptions } from './file-async-store.js';
export { FolderLock, FolderLockedError, type LockHolder } from './folder-lock.js';
export { JournalStore } from './journal-store.js';
export { ObservedStore } from './observed-store.js';
export { InvalidCursorError } from './partition.js';
export { isPostgresUrl, PostgresStore, type PostgresStoreOptions, type RateLimitClient, redactConnectionString } from './postgres/index.js';
export { RecoveringStore } from './recovering-store.js';
export { del, GLOBAL, type Page, type PageQuery, put, type Store, type StoreStats, type StoredRecord, StoreUnavailableError, type WriteOp } from './store.js';
