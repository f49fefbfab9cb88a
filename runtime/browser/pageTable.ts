// Stable numeric page ids (the ones the CLI and `tabs` show), one per tab for its whole life,
// which task holds it, how it came to, and where it last was. The rows outlive the runtime
// and the browser: when either restarts, pageRecovery.ts finds each open row's tab again
// (same target in a browser that stayed up) or reopens it at its last URL (a browser that
// died) and points the row at the new target, so the id stays. AUTOINCREMENT keeps an old id
// from ever naming a different tab.
import type Database from 'better-sqlite3';
import type { ClaimKind } from '../../router/ownership.js';

export interface PageRow {
  id: number;
  targetId: string;
  task: string | null;
  openerId: number | null;
  /** How the task came to own it (kept so a re-claim after a restart is the same kind). */
  how: ClaimKind | null;
  /** The last URL Chrome reported committed while a task owned it. */
  url: string | null;
  /** Whether it lived in its task's own browser context (an isolated task). */
  isolated: boolean;
}

interface StoredRow { id: number; targetId: string; task: string | null; openerId: number | null; how: string | null; url: string | null; isolated: number }

const ADDED_COLUMNS: Record<string, string> = { how: 'TEXT', url: 'TEXT', isolated: 'INTEGER NOT NULL DEFAULT 0', closed_at: 'INTEGER' };

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
    // A database written by an older runtime lacks the columns recovery reads.
    const present = new Set((db.prepare('PRAGMA table_info(pages)').all() as { name: string }[]).map(c => c.name));
    for (const [name, type] of Object.entries(ADDED_COLUMNS))
      if (!present.has(name)) db.exec(`ALTER TABLE pages ADD COLUMN ${name} ${type}`);
    // Rows closed before closed_at was kept count from now (retention prunes them in its time).
    db.prepare('UPDATE pages SET closed_at = ? WHERE closed = 1 AND closed_at IS NULL').run(Date.now());
    const rows = db.prepare(`SELECT id, target_id AS targetId, task, opener_id AS openerId, how, url, isolated
      FROM pages WHERE closed = 0 ORDER BY id`).all() as StoredRow[];
    for (const row of rows) this.byTarget.set(row.targetId, { ...row, how: row.how as ClaimKind | null, isolated: row.isolated === 1 });
  }

  /** The id of a tab, assigned the first time the runtime sees it. */
  idFor(targetId: string): number {
    const known = this.byTarget.get(targetId);
    if (known) return known.id;
    // A tab seen before a reconnect (a connected browser outlives the runtime and its link):
    // the same tab keeps its id, but no task's claim on it survives.
    const revived = this.db.prepare('UPDATE pages SET closed = 0, task = NULL, opener_id = NULL, how = NULL, url = NULL, isolated = 0 WHERE target_id = ? RETURNING id').get(targetId) as { id: number } | undefined;
    if (revived) {
      const row: PageRow = { id: revived.id, targetId, task: null, openerId: null, how: null, url: null, isolated: false };
      this.byTarget.set(targetId, row);
      return row.id;
    }
    const { lastInsertRowid } = this.db.prepare('INSERT INTO pages (target_id) VALUES (?)').run(targetId);
    const row: PageRow = { id: Number(lastInsertRowid), targetId, task: null, openerId: null, how: null, url: null, isolated: false };
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

  /** Every row not known closed, in id order: what a new browser session must account for. */
  openTabRows(): PageRow[] {
    return [...this.byTarget.values()].sort((a, b) => a.id - b.id);
  }

  setTask(targetId: string, task: string | null, how?: ClaimKind, openerTargetId?: string): void {
    this.idFor(targetId);
    const current = this.byTarget.get(targetId)!;
    current.task = task;
    current.how = task === null ? null : how ?? current.how;
    if (openerTargetId) current.openerId = this.idFor(openerTargetId);
    this.db.prepare('UPDATE pages SET task = ?, how = ?, opener_id = ? WHERE target_id = ?').run(task, current.how, current.openerId, targetId);
  }

  /** Where an owned tab is now (a committed URL), and whether it is in its task's context. */
  noteLocation(targetId: string, url: string, isolated: boolean): void {
    const current = this.byTarget.get(targetId);
    if (!current || (current.url === url && current.isolated === isolated)) return;
    current.url = url;
    current.isolated = isolated;
    this.db.prepare('UPDATE pages SET url = ?, isolated = ? WHERE target_id = ?').run(url, isolated ? 1 : 0, targetId);
  }

  /**
   * The row's tab was reopened as a new target: the row (its id) now names that target. The
   * catalog may already have given the new target a row of its own when Chrome announced it;
   * that row is dropped (its id is never used again).
   */
  moveTo(id: number, newTargetId: string): void {
    const row = this.byId(id);
    if (!row) throw new Error(`no open page row ${id}`);
    const move = this.db.transaction(() => {
      this.db.prepare('DELETE FROM pages WHERE target_id = ? AND id != ?').run(newTargetId, id);
      this.db.prepare('UPDATE pages SET target_id = ? WHERE id = ?').run(newTargetId, id);
    });
    move();
    this.byTarget.delete(newTargetId);
    this.byTarget.delete(row.targetId);
    row.targetId = newTargetId;
    this.byTarget.set(newTargetId, row);
  }

  closed(targetId: string, now = Date.now()): void {
    this.byTarget.delete(targetId);
    this.db.prepare('UPDATE pages SET closed = 1, closed_at = ? WHERE target_id = ?').run(now, targetId);
  }

  /**
   * Deletes the rows of tabs closed before `cutoff` (retention.ts, with the receipts that could
   * name them): every tab a long-lived runtime saw would otherwise keep its row for ever.
   * AUTOINCREMENT still never hands a deleted id out again.
   */
  prune(cutoff: number): number {
    return this.db.prepare('DELETE FROM pages WHERE closed = 1 AND closed_at < ?').run(cutoff).changes;
  }
}
