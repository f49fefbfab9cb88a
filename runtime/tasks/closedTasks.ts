// Where the tabs of closed tasks were (`tabwright close`, `run --close`): a later program in a
// closed task's name runs in a new task, without those tabs and `state`, and its receipt says
// so with the URLs, so an agent that closed too early goes back instead of guessing. Kept in
// the runtime's SQLite file beside the receipts, so a runtime that stopped when idle, or was
// killed, still says it; said once, then forgotten.
//
// Bounded as the receipts are: a row lives no longer than the receipts of its time
// (TABWRIGHT_RECEIPT_DAYS), and the newest 64 closed tasks are kept. A URL is kept as a receipt
// shows it, except its user part (`https://user:password@host/`): a credential is not written
// to one more place, nor printed to whichever program next takes the task's name.
import type Database from 'better-sqlite3';

/** Closed tasks remembered, the oldest forgotten first; URLs kept per task, and their length. */
const REMEMBERED = 64;
const MAX_URLS = 5;
const MAX_URL_CHARS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

interface ClosedRow { urls: string; closed_at_ms: number }

/** The URL as kept: without its user part (name and password), cut to MAX_URL_CHARS. */
export function keptUrl(url: string): string {
  let kept = url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '';
      parsed.password = '';
      kept = parsed.href;
    }
  } catch {
    // Not a URL the parser reads (data:, a cut one): kept as it is, cut below.
  }
  return kept.length > MAX_URL_CHARS ? `${kept.slice(0, MAX_URL_CHARS - 1)}…` : kept;
}

export class ClosedTasks {
  private readonly maxAgeMs: number;

  constructor(private readonly db: Database.Database, receiptDays: number, private readonly now: () => number = Date.now) {
    this.maxAgeMs = receiptDays * DAY_MS;
    db.exec('CREATE TABLE IF NOT EXISTS closed_tasks (name TEXT PRIMARY KEY, urls TEXT NOT NULL, closed_at_ms INTEGER NOT NULL)');
  }

  /** The task is closed; these were its tabs' URLs. */
  remember(name: string, urls: readonly string[]): void {
    const kept = urls.filter(url => url !== 'about:blank').slice(0, MAX_URLS).map(keptUrl);
    const at = this.now();
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM closed_tasks WHERE name = ?').run(name);
      if (kept.length) this.db.prepare('INSERT INTO closed_tasks (name, urls, closed_at_ms) VALUES (?, ?, ?)').run(name, JSON.stringify(kept), at);
      this.db.prepare(`DELETE FROM closed_tasks WHERE closed_at_ms < ?
        OR name NOT IN (SELECT name FROM closed_tasks ORDER BY closed_at_ms DESC, rowid DESC LIMIT ${REMEMBERED})`).run(at - this.maxAgeMs);
    })();
  }

  /** The hint for the first program of a new task of this name, once; none when no closed task of it had tabs. */
  take(name: string): string[] {
    const row = this.db.prepare('DELETE FROM closed_tasks WHERE name = ? RETURNING urls, closed_at_ms').get(name) as ClosedRow | undefined;
    if (!row || row.closed_at_ms < this.now() - this.maxAgeMs) return [];
    const urls = (JSON.parse(row.urls) as unknown[]).filter((url): url is string => typeof url === 'string');
    if (!urls.length) return [];
    return [`Task "${name}" was closed before this program (tabwright close or run --close), with its tabs and state: this program runs in a new task of that name. `
      + `Its tabs were at ${urls.join(', ')}: page.goto(url) or tabs.new(url) goes back.`];
  }
}
