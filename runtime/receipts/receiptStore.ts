// Receipts in SQLite (WAL). A receipt is committed under (task, request id) before its program
// is queued, so a crash after registration can lose the run but never the receipt.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Announcement, Receipt } from '../../contract/receipt.js';
import type { RunFacts } from './receiptView.js';

export type Registration =
  | { kind: 'created'; receipt: Receipt }
  | { kind: 'existing'; receipt: Receipt }
  | { kind: 'conflict'; receipt: Receipt };

/**
 * A program's identity for idempotency: its text without surrounding white space, so a heredoc
 * with one more trailing newline is the same program. The second hash is of the text as sent,
 * which receipts stored before this rule were registered under.
 */
export function programHashes(program: string): { canonical: string; asSent: string } {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  return { canonical: hash(program.trim()), asSent: hash(program) };
}

interface ReceiptRow { body: string; program_hash: string }
/** RunFacts as JSON: the set of URLs as a list. */
interface StoredViewFacts { requestedUrls?: string[]; movedTo?: string[]; closedPages?: number[]; mutations?: string[]; announcements?: Announcement[] }

/** Events: 'saved' (receipt) whenever a receipt is registered or written (the live view listens). */
export class ReceiptStore extends EventEmitter {
  private readonly db: Database.Database;
  private readonly selectOne: Database.Statement<[string, string], ReceiptRow>;
  private readonly insertOne: Database.Statement<[string, string, string, string, number, string, string | null]>;
  private readonly updateOne: Database.Statement<[string, string, number | null, string, string]>;
  private readonly updateWithViewFacts: Database.Statement<[string, string, number | null, string, string, string]>;
  private readonly selectViewFacts: Database.Statement<[string, string], { view_facts: string | null }>;

  constructor(db: Database.Database) {
    super();
    this.db = db;
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS receipts (
        task TEXT NOT NULL,
        request_id TEXT NOT NULL,
        program_hash TEXT NOT NULL,
        status TEXT NOT NULL,
        queued_at_ms INTEGER NOT NULL,
        finished_at_ms INTEGER,
        body TEXT NOT NULL,
        PRIMARY KEY (task, request_id)
      );
      CREATE INDEX IF NOT EXISTS receipts_by_task_time ON receipts (task, queued_at_ms);
      CREATE INDEX IF NOT EXISTS receipts_by_status ON receipts (status);
    `);
    // The program's source, for the live view's "program" button; older databases lack it.
    const columns = this.db.prepare('PRAGMA table_info(receipts)').all() as { name: string }[];
    if (!columns.some(c => c.name === 'program')) this.db.exec('ALTER TABLE receipts ADD COLUMN program TEXT');
    // What the compact view leaves out as already known to the program (receiptView.ts RunFacts),
    // so `receipt` answers as `run` did after a restart too; older databases lack it.
    if (!columns.some(c => c.name === 'view_facts')) this.db.exec('ALTER TABLE receipts ADD COLUMN view_facts TEXT');
    this.selectOne = this.db.prepare('SELECT body, program_hash FROM receipts WHERE task = ? AND request_id = ?');
    this.insertOne = this.db.prepare(
      'INSERT INTO receipts (task, request_id, program_hash, status, queued_at_ms, body, program) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.updateOne = this.db.prepare(
      'UPDATE receipts SET status = ?, body = ?, finished_at_ms = ? WHERE task = ? AND request_id = ?');
    this.updateWithViewFacts = this.db.prepare(
      'UPDATE receipts SET status = ?, body = ?, finished_at_ms = ?, view_facts = ? WHERE task = ? AND request_id = ?');
    this.selectViewFacts = this.db.prepare('SELECT view_facts FROM receipts WHERE task = ? AND request_id = ?');
  }

  /**
   * Registers a submission, or finds the one already registered under the same id. Synchronous,
   * so two submissions arriving together cannot both register.
   */
  register(task: string, requestId: string, hashes: { canonical: string; asSent?: string }, now = new Date(), program?: string): Registration {
    const row = this.selectOne.get(task, requestId);
    if (row) {
      const receipt = JSON.parse(row.body) as Receipt;
      const same = row.program_hash === hashes.canonical || row.program_hash === hashes.asSent;
      return { kind: same ? 'existing' : 'conflict', receipt };
    }
    const hash = hashes.canonical;
    const receipt: Receipt = {
      task, requestId, status: 'queued', mutationState: 'none', queuedAt: now.toISOString(),
    };
    // Once a caller is told "registered", no crash, not even the machine's, may lose it: a lost
    // registration would let the same request id run twice. This one write waits for the disk.
    this.db.pragma('synchronous = FULL');
    try {
      this.insertOne.run(task, requestId, hash, 'queued', now.getTime(), JSON.stringify(receipt), program ?? null);
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
    this.emit('saved', receipt);
    return { kind: 'created', receipt };
  }

  /** The compact view's facts kept with the receipt; undefined for a receipt stored without them. */
  viewFactsOf(task: string, requestId: string): RunFacts | undefined {
    const row = this.selectViewFacts.get(task, requestId);
    if (!row?.view_facts) return undefined;
    const stored = JSON.parse(row.view_facts) as StoredViewFacts;
    return {
      ...(stored.requestedUrls ? { requestedUrls: new Set(stored.requestedUrls) } : {}),
      ...(stored.movedTo ? { movedTo: stored.movedTo } : {}),
      ...(stored.closedPages ? { closedPages: new Set(stored.closedPages) } : {}),
      ...(stored.mutations ? { mutations: stored.mutations } : {}),
      ...(stored.announcements ? { announcements: stored.announcements } : {}),
    };
  }

  get(task: string, requestId: string): Receipt | undefined {
    const row = this.selectOne.get(task, requestId);
    return row ? (JSON.parse(row.body) as Receipt) : undefined;
  }

  /**
   * Writes the receipt as it now stands; with `viewFacts`, in the same statement, what the compact
   * view of it needs beyond it (receiptView.ts RunFacts), so `receipt` answers as `run` did after
   * a restart too.
   */
  save(receipt: Receipt, viewFacts?: RunFacts): void {
    const finishedMs = receipt.finishedAt ? Date.parse(receipt.finishedAt) : null;
    const body = JSON.stringify(receipt);
    if (viewFacts) this.updateWithViewFacts.run(receipt.status, body, finishedMs, storedViewFacts(viewFacts), receipt.task, receipt.requestId);
    else this.updateOne.run(receipt.status, body, finishedMs, receipt.task, receipt.requestId);
    this.emit('saved', receipt);
  }

  /**
   * Writes the receipt without waiting for another holder of the database's lock (a retry of a
   * write that was refused: a lock still held fails at once instead of blocking the runtime).
   */
  saveWithoutWaiting(receipt: Receipt, viewFacts?: RunFacts): void {
    this.withoutWaiting(() => this.save(receipt, viewFacts));
  }

  private withoutWaiting(write: () => void): void {
    const waited = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      write();
    } finally {
      this.db.pragma(`busy_timeout = ${waited}`);
    }
  }

  /** The source of a registered program (undefined for receipts stored before sources were kept). */
  programOf(task: string, requestId: string): string | undefined {
    const row = this.db.prepare('SELECT program FROM receipts WHERE task = ? AND request_id = ?').get(task, requestId) as { program: string | null } | undefined;
    return row?.program ?? undefined;
  }

  list(task: string, limit: number): Receipt[] {
    const rows = this.db
      .prepare('SELECT body FROM receipts WHERE task = ? ORDER BY queued_at_ms DESC, rowid DESC LIMIT ?')
      .all(task, limit) as { body: string }[];
    return rows.map(r => JSON.parse(r.body) as Receipt);
  }

  /** Receipts a previous runtime left queued or running: their programs will never finish. */
  unfinished(): Receipt[] {
    const rows = this.db
      .prepare("SELECT body FROM receipts WHERE status IN ('queued', 'running')")
      .all() as { body: string }[];
    return rows.map(r => JSON.parse(r.body) as Receipt);
  }

  /** Deletes final receipts older than the cutoff; returns them so their artifacts can go too. */
  expire(olderThanMs: number): Receipt[] {
    const rows = this.db
      .prepare("SELECT body FROM receipts WHERE finished_at_ms IS NOT NULL AND finished_at_ms < ?")
      .all(olderThanMs) as { body: string }[];
    this.db.prepare('DELETE FROM receipts WHERE finished_at_ms IS NOT NULL AND finished_at_ms < ?').run(olderThanMs);
    return rows.map(r => JSON.parse(r.body) as Receipt);
  }

  /**
   * The task's receipts that were queued before `cutoffMs` and had not finished by then (or
   * have not yet): the only ones that can name a file older than the cutoff.
   */
  spanning(task: string, cutoffMs: number): Receipt[] {
    const rows = this.db
      .prepare('SELECT body FROM receipts WHERE task = ? AND queued_at_ms < ? AND (finished_at_ms IS NULL OR finished_at_ms >= ?)')
      .all(task, cutoffMs, cutoffMs) as { body: string }[];
    return rows.map(r => JSON.parse(r.body) as Receipt);
  }

  /**
   * Hands the pages deleted receipts left back to the file system, and truncates the write-ahead
   * log the deletions went through: without it the file only ever grows.
   */
  reclaimSpace(): void {
    this.db.pragma('incremental_vacuum');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}

/** RunFacts as the view_facts column holds them. */
function storedViewFacts(facts: RunFacts): string {
  const stored: StoredViewFacts = {
    ...(facts.requestedUrls ? { requestedUrls: [...facts.requestedUrls] } : {}),
    ...(facts.movedTo?.length ? { movedTo: [...facts.movedTo] } : {}),
    ...(facts.closedPages?.size ? { closedPages: [...facts.closedPages] } : {}),
    ...(facts.mutations ? { mutations: [...facts.mutations] } : {}),
    ...(facts.announcements ? { announcements: [...facts.announcements] } : {}),
  };
  return JSON.stringify(stored);
}
