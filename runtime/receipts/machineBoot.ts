// Which boot of the machine the runtime last ran in. Receipts are written with SQLite's
// `synchronous = NORMAL` (see database.ts): a crash of the runtime loses nothing, a crash of
// the machine can lose the last updates. So recovery must know which of the two happened.
import fs from 'node:fs';
import os from 'node:os';
import type Database from 'better-sqlite3';

/** This boot's identity: Linux's boot id, else the boot time to the minute. */
export function currentBootId(): string {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return `boot-at-${Math.round((Date.now() - os.uptime() * 1000) / 60_000)}`;
  }
}

/**
 * Records `bootId` as the runtime's and says whether the one recorded before was another boot
 * (the machine restarted since a runtime last started here). False on first use.
 */
export function recordBoot(db: Database.Database, bootId: string = currentBootId()): { machineRestarted: boolean } {
  db.exec('CREATE TABLE IF NOT EXISTS runtime_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const previous = db.prepare("SELECT value FROM runtime_meta WHERE key = 'boot_id'").get() as { value: string } | undefined;
  db.prepare("INSERT INTO runtime_meta (key, value) VALUES ('boot_id', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(bootId);
  return { machineRestarted: previous !== undefined && previous.value !== bootId };
}
