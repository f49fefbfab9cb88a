// What goes wrong with the state directory's storage, said so a user can act on it: which
// file, what happened, what to do. Receipts already stored are never deleted on the way: a
// database that cannot be read is moved aside whole (with its -wal and -shm), not replaced.
import fs from 'node:fs';

export type StorageProblem = 'full' | 'readOnly' | 'locked' | 'corrupt';

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(readonly problem: StorageProblem, readonly file: string, message: string) {
    super(message);
  }
}

/** SQLite and file-system error codes, by what they mean for the user. */
const PROBLEMS: Record<string, StorageProblem> = {
  ENOSPC: 'full', EDQUOT: 'full', SQLITE_FULL: 'full', SQLITE_IOERR_WRITE: 'full',
  EROFS: 'readOnly', EACCES: 'readOnly', EPERM: 'readOnly', SQLITE_READONLY: 'readOnly', SQLITE_CANTOPEN: 'readOnly',
  SQLITE_READONLY_DBMOVED: 'readOnly',
  SQLITE_BUSY: 'locked', SQLITE_LOCKED: 'locked', SQLITE_BUSY_SNAPSHOT: 'locked',
  SQLITE_NOTADB: 'corrupt', SQLITE_CORRUPT: 'corrupt',
};

const ADVICE: Record<StorageProblem, string> = {
  full: 'The disk is full: free space on that file system (or set TABWRIGHT_HOME to a directory on another one), then run the command again.',
  readOnly: 'It cannot be written: make the directory writable by this user (or set TABWRIGHT_HOME to a writable directory), then run the command again.',
  locked: 'Another process holds a lock on it (another tool or a stuck runtime): stop that process (`fuser` or `lsof` on the file shows which), then run the command again.',
  corrupt: 'It is not a readable SQLite database.',
};

/** The storage problem behind a thrown error, or undefined when it is something else. */
export function storageErrorOf(error: unknown, file: string): StorageError | undefined {
  if (error instanceof StorageError) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return undefined;
  const problem = PROBLEMS[code] ?? (code.startsWith('SQLITE_IOERR') ? 'full' : undefined);
  if (!problem) return undefined;
  const where = (error as { path?: unknown }).path;
  const named = typeof where === 'string' ? where : file;
  return new StorageError(problem, named, `Cannot use ${named}: ${(error as Error).message} (${code}). ${ADVICE[problem]}`);
}

/**
 * Moves an unreadable database and its -wal/-shm aside (nothing deleted), so the next start
 * creates a fresh one; returns the error to report, naming both paths.
 */
export function moveCorruptAside(file: string, cause: unknown): StorageError {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
  }
  return new StorageError('corrupt', file,
    `Cannot use ${file}: ${(cause as Error)?.message ?? cause}. ${ADVICE.corrupt} It was moved, untouched, to ${aside} ` +
    `(its receipts may be recoverable with \`sqlite3 ${aside} .recover\`); run the command again to start with an empty receipt store.`);
}
