// The runtime's SQLite file, in WAL mode. `synchronous = NORMAL`: a commit survives a crash of
// the runtime (the WAL is in the OS's hands before the write returns) but not necessarily of
// the machine. FULL made every receipt update wait for an fsync on the thread that relays the
// tasks' CDP traffic: 8 ms a write here (22 ms at the 90th percentile on a busy machine, against
// 0.03 ms), three or four writes a program. The registration alone, the idempotency promise,
// is written with FULL (receiptStore.register); recovery after a machine restart assumes the
// worst of what it finds (recovery.ts, machineBoot.ts).
import Database from 'better-sqlite3';

export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}
