// Playbooks in the runtime's SQLite file: every saved version, and what its runs earned.
// The file an agent or a team keeps stays the source of truth; this is the runtime's copy,
// versioned so that a receipt can say exactly which program ran.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { FrontMatter } from './frontMatter.js';
import type { PlaybookDefinition } from './playbookDefinition.js';

/** Earned by runs, never declared: see `recordRun`. */
export type PlaybookStatus =
  | { status: 'untried' }
  | { status: 'verified'; lastRun: RunMark }
  | { status: 'failing'; lastRun: RunMark & { error: { name: string; message: string } }; lastVerified?: RunMark };

export interface RunMark { at: string; task: string; requestId: string }

export interface StoredPlaybook {
  name: string;
  version: number;
  frontMatter: FrontMatter;
  source: string;
  /** The file it was saved from, as the CLI named it. */
  origin?: string;
  savedAt: string;
  state: PlaybookStatus;
}

export interface RunRecord { name: string; version: number; ok: boolean; task: string; requestId: string; error?: { name: string; message: string }; at?: Date }

interface VersionRow {
  name: string; version: number; source: string; front_matter: string; origin: string | null; saved_at: string;
  ok_at: string | null; ok_task: string | null; ok_request_id: string | null;
  failed_at: string | null; failed_task: string | null; failed_request_id: string | null; failed_error: string | null;
  /** Which of the two the latest run was: 1 succeeded, 0 failed, null never ran. */
  last_ok: number | null;
}

const hashOf = (source: string) => createHash('sha256').update(source).digest('hex');

/** Error messages are kept short: `show` and `list` print them. */
const MAX_STORED_ERROR = 600;

function statusOf(row: VersionRow): PlaybookStatus {
  const ok: RunMark | undefined = row.ok_at ? { at: row.ok_at, task: row.ok_task!, requestId: row.ok_request_id! } : undefined;
  const failed = row.failed_at ? { at: row.failed_at, task: row.failed_task!, requestId: row.failed_request_id!, error: JSON.parse(row.failed_error ?? '{}') } : undefined;
  if (failed && row.last_ok === 0) return { status: 'failing', lastRun: failed, ...(ok ? { lastVerified: ok } : {}) };
  if (ok && row.last_ok === 1) return { status: 'verified', lastRun: ok };
  return { status: 'untried' };
}

function fromRow(row: VersionRow): StoredPlaybook {
  return {
    name: row.name, version: row.version, frontMatter: JSON.parse(row.front_matter) as FrontMatter, source: row.source,
    ...(row.origin ? { origin: row.origin } : {}), savedAt: row.saved_at, state: statusOf(row),
  };
}

export class PlaybookStore {
  private readonly latestOf: Database.Statement<[string], VersionRow>;
  private readonly versionOf: Database.Statement<[string, number], VersionRow>;
  private readonly latestAll: Database.Statement<[], VersionRow>;
  private readonly versionsOf: Database.Statement<[string], VersionRow>;
  private readonly insert: Database.Statement<[string, number, string, string, string, string | null, string]>;
  private readonly markOk: Database.Statement<[string, string, string, string, number]>;
  private readonly markFailed: Database.Statement<[string, string, string, string, string, number]>;

  constructor(private readonly db: Database.Database) {
    // Status lives on the version: a new version has not earned anything yet.
    db.exec(`
      CREATE TABLE IF NOT EXISTS playbook_versions (
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        source TEXT NOT NULL,
        source_hash TEXT NOT NULL,
        front_matter TEXT NOT NULL,
        origin TEXT,
        saved_at TEXT NOT NULL,
        ok_at TEXT, ok_task TEXT, ok_request_id TEXT,
        failed_at TEXT, failed_task TEXT, failed_request_id TEXT, failed_error TEXT,
        last_ok INTEGER,
        PRIMARY KEY (name, version)
      );
    `);
    this.latestOf = db.prepare('SELECT * FROM playbook_versions WHERE name = ? ORDER BY version DESC LIMIT 1');
    this.versionOf = db.prepare('SELECT * FROM playbook_versions WHERE name = ? AND version = ?');
    this.latestAll = db.prepare(`SELECT v.* FROM playbook_versions v
      JOIN (SELECT name, MAX(version) AS version FROM playbook_versions GROUP BY name) l ON l.name = v.name AND l.version = v.version
      ORDER BY v.name`);
    this.versionsOf = db.prepare('SELECT * FROM playbook_versions WHERE name = ? ORDER BY version DESC');
    this.insert = db.prepare('INSERT INTO playbook_versions (name, version, source, source_hash, front_matter, origin, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.markOk = db.prepare('UPDATE playbook_versions SET last_ok = 1, ok_at = ?, ok_task = ?, ok_request_id = ? WHERE name = ? AND version = ?');
    this.markFailed = db.prepare('UPDATE playbook_versions SET last_ok = 0, failed_at = ?, failed_task = ?, failed_request_id = ?, failed_error = ? WHERE name = ? AND version = ?');
  }

  /** Stores the definitions as new versions, all or none; a source equal to the latest version's is left as it is. */
  save(items: readonly { definition: PlaybookDefinition; origin?: string }[], now = new Date()): { name: string; version: number; created: boolean; origin?: string }[] {
    return this.db.transaction(() => items.map(({ definition, origin }) => {
      const { source, ...frontMatter } = definition;
      const latest = this.latestOf.get(definition.name);
      if (latest && latest.source === source) return { name: latest.name, version: latest.version, created: false, ...(origin ? { origin } : {}) };
      const version = (latest?.version ?? 0) + 1;
      this.insert.run(definition.name, version, source, hashOf(source), JSON.stringify(frontMatter), origin ?? null, now.toISOString());
      return { name: definition.name, version, created: true, ...(origin ? { origin } : {}) };
    }))();
  }

  latest(name: string): StoredPlaybook | undefined {
    const row = this.latestOf.get(name);
    return row && fromRow(row);
  }

  version(name: string, version: number): StoredPlaybook | undefined {
    const row = this.versionOf.get(name, version);
    return row && fromRow(row);
  }

  /** The latest version of every playbook, by name. */
  all(): StoredPlaybook[] {
    return this.latestAll.all().map(fromRow);
  }

  versions(name: string): StoredPlaybook[] {
    return this.versionsOf.all(name).map(fromRow);
  }

  /** A run that ended (its final check passed, or it threw) moves its version's status. */
  recordRun(run: RunRecord): void {
    const at = (run.at ?? new Date()).toISOString();
    if (run.ok) this.markOk.run(at, run.task, run.requestId, run.name, run.version);
    else {
      const error = { name: run.error?.name ?? 'Error', message: (run.error?.message ?? '').slice(0, MAX_STORED_ERROR) };
      this.markFailed.run(at, run.task, run.requestId, JSON.stringify(error), run.name, run.version);
    }
  }
}
