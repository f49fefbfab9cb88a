// The runtime's SQLite file. WAL, and `synchronous = FULL` so that a receipt registered
// before its program is queued survives a crash of the machine, not just of the process.
import Database from 'better-sqlite3';

export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}
