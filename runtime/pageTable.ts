// Stable numeric page ids (the ones the CLI and `tabs` show), one per tab for its whole life,
// and which task holds it. Every worker of the runtime finds the same ids again. The browser
// hangs on the runtime's pipe, so a restarted runtime (or a relaunched browser) has new tabs:
// they get new ids, and SQLite's AUTOINCREMENT keeps an old id from ever naming a new tab.
import type Database from 'better-sqlite3';

export interface PageRow { id: number; targetId: string; task: string | null; openerId: number | null }

export class PageTable {
  private readonly byTarget = new Map<string, PageRow>();

  constructor(private readonly db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS pages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        target_id TEXT NOT NULL UNIQUE,
        task TEXT,
        opener_id INTEGER,
        closed INTEGER NOT NULL DEFAULT 0
      );
    `);
    const rows = db.prepare('SELECT id, target_id AS targetId, task, opener_id AS openerId FROM pages WHERE closed = 0').all() as PageRow[];
    for (const row of rows) this.byTarget.set(row.targetId, row);
  }

  /** The id of a tab, assigned the first time the runtime sees it. */
  idFor(targetId: string): number {
    const known = this.byTarget.get(targetId);
    if (known) return known.id;
    // A tab seen before a reconnect (a connected browser outlives the runtime and its link):
    // the same tab keeps its id, but no task's claim on it survives.
    const revived = this.db.prepare('UPDATE pages SET closed = 0, task = NULL, opener_id = NULL WHERE target_id = ? RETURNING id').get(targetId) as { id: number } | undefined;
    if (revived) {
      const row: PageRow = { id: revived.id, targetId, task: null, openerId: null };
      this.byTarget.set(targetId, row);
      return row.id;
    }
    const { lastInsertRowid } = this.db.prepare('INSERT INTO pages (target_id) VALUES (?)').run(targetId);
    const row: PageRow = { id: Number(lastInsertRowid), targetId, task: null, openerId: null };
    this.byTarget.set(targetId, row);
    return row.id;
  }

  row(targetId: string): PageRow | undefined {
    return this.byTarget.get(targetId);
  }

  byId(id: number): PageRow | undefined {
    for (const row of this.byTarget.values()) if (row.id === id) return row;
    return undefined;
  }

  setTask(targetId: string, task: string | null, openerTargetId?: string): void {
    this.idFor(targetId);
    const current = this.byTarget.get(targetId)!;
    current.task = task;
    if (openerTargetId) current.openerId = this.idFor(openerTargetId);
    this.db.prepare('UPDATE pages SET task = ?, opener_id = ? WHERE target_id = ?').run(task, current.openerId, targetId);
  }

  closed(targetId: string): void {
    this.byTarget.delete(targetId);
    this.db.prepare('UPDATE pages SET closed = 1 WHERE target_id = ?').run(targetId);
  }

  /** The browser was (re)launched: none of the tabs recorded so far exists any more. */
  forgetAll(): void {
    this.byTarget.clear();
    this.db.prepare('UPDATE pages SET closed = 1 WHERE closed = 0').run();
  }
}
