// The runtime's SQLite file. WAL, and `synchronous = FULL` so that a receipt registered
// before its program is queued survives a crash of the machine, not just of the process.
import Database from 'better-sqlite3';
import { moveCorruptAside, storageErrorOf } from './storageFailure.js';

/**
 * Opens the database and proves it can be read and written before anything relies on it; a
 * failure is a StorageError naming the file and what to do (an unreadable file is moved aside).
 */
export function openDatabase(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(file);
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('schema_version');
    // A write transaction that changes nothing: fails now if the file is locked, read-only or on a full disk.
    db.exec('BEGIN IMMEDIATE; COMMIT;');
    return db;
  } catch (error) {
    db?.close();
    const storage = storageErrorOf(error, file);
    if (storage?.problem === 'corrupt') throw moveCorruptAside(file, error);
    throw storage ?? error;
  }
}
