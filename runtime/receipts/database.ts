// The runtime's SQLite file, in WAL mode. `synchronous = NORMAL`: a commit survives a crash of
// the runtime (the WAL is in the OS's hands before the write returns) but not necessarily of
// the machine. FULL made every receipt update wait for an fsync on the thread that relays the
// tasks' CDP traffic: 8 ms a write here (22 ms at the 90th percentile on a busy machine, against
// 0.03 ms), three or four writes a program. The registration alone, the idempotency promise,
// is written with FULL (receiptStore.register); recovery after a machine restart assumes the
// worst of what it finds (recovery.ts, machineBoot.ts).
import Database from 'better-sqlite3';
import { moveCorruptAside, storageErrorOf } from './storageFailure.js';

/** SQLite's `PRAGMA auto_vacuum` value for INCREMENTAL. */
const INCREMENTAL = 2;

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
    db.pragma('synchronous = NORMAL');
    db.pragma('schema_version');
    // A write transaction that changes nothing: fails now if the file is locked, read-only or on a full disk.
    db.exec('BEGIN IMMEDIATE; COMMIT;');
    // Expired receipts give their pages back to the file system (ReceiptStore.reclaimSpace):
    // incremental auto-vacuum, switched on once for a file made without it (VACUUM rewrites it).
    if (db.pragma('auto_vacuum', { simple: true }) !== INCREMENTAL) {
      db.pragma(`auto_vacuum = ${INCREMENTAL}`);
      if (db.pragma('auto_vacuum', { simple: true }) !== INCREMENTAL) db.exec('VACUUM');
    }
    return db;
  } catch (error) {
    db?.close();
    const storage = storageErrorOf(error, file);
    if (storage?.problem === 'corrupt') throw moveCorruptAside(file, error);
    throw storage ?? error;
  }
}
