// What makes a folder a tabwright home ($TABWRIGHT_HOME), said once for the CLI and the
// runtime: both change what is in it (the runtime makes it private with chmod 0700, removes
// its socket, its lock and its playwright/ folder at start; `runtime start` removes
// start.json), so a TABWRIGHT_HOME that names some other folder (a project, ~, /tmp) must be
// refused before either touches it.
//
// A home is a folder with the mark file `.tabwright-home` in it. A folder without the mark is
// taken as a home, and marked, when it is new or empty, when every entry in it is one
// tabwright makes (a home a failed start left), or when it has `receipts.db` (a home from
// before the mark). Anything else is refused, and nothing in it is touched.
import fs from 'node:fs';
import path from 'node:path';

/** The file that marks a folder as a tabwright home. */
export const HOME_MARK = '.tabwright-home';
/** What the mark file says to someone who opens it. */
export const HOME_MARK_TEXT = 'This folder is a tabwright home (TABWRIGHT_HOME): the runtime\'s profile, receipts and files.\n';

/** Entries tabwright itself makes in a home (runtime/stateDir.ts, the CLI's start.json). */
const OWN_ENTRIES = new Set([
  HOME_MARK, 'profile', 'artifacts', 'downloads', 'playwright', 'receipts.db', 'receipts.db-wal', 'receipts.db-shm',
  'runtime.log', 'runtime.sock', 'runtime.lock', 'start.json',
]);

/** Numbered or dated siblings of those: a stale lock moved aside, rotated logs. */
const OWN_FAMILIES = /^(runtime\.lock\.stale-\d+|runtime\.log\.\d+)$/;

export type HomeVerdict =
  | { kind: 'home' }
  /** Absent, empty, tabwright's own entries only, or a home from before the mark: marked when claimed. */
  | { kind: 'unmarked' }
  | { kind: 'foreign'; entries: string[] };

/** What `dir` is, reading only its list of entries. Errors other than "absent" are thrown. */
export function judgeHome(dir: string): HomeVerdict {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'unmarked' };
    throw error;
  }
  if (entries.includes(HOME_MARK)) return { kind: 'home' };
  // receipts.db and the corrupt copies storageFailure.ts moves aside.
  if (entries.some(entry => entry === 'receipts.db' || entry.startsWith('receipts.db.corrupt-'))) return { kind: 'unmarked' };
  const foreign = entries.filter(entry => !OWN_ENTRIES.has(entry) && !OWN_FAMILIES.test(entry));
  return foreign.length === 0 ? { kind: 'unmarked' } : { kind: 'foreign', entries: foreign };
}

/** TABWRIGHT_HOME names a folder that is not a tabwright home; nothing in it was touched. */
export class NotATabwrightHomeError extends Error {
  override name = 'NotATabwrightHome';
  constructor(readonly home: string, readonly entries: string[]) {
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? `, ... (${entries.length} entries)` : '');
    super(`TABWRIGHT_HOME=${home} is a folder that is not a tabwright home (it has ${shown}, and no ${HOME_MARK}). `
      + 'tabwright makes its home private (chmod 0700) and removes files in it, so it does not use this folder. '
      + `Set TABWRIGHT_HOME to a new or empty folder (or unset it for ~/.tabwright); to use this one anyway, create ${path.join(home, HOME_MARK)}.`);
  }
}

/**
 * Makes `dir` a home to use: refused (NotATabwrightHomeError) before anything in it changes
 * when it is someone else's folder; created (0700) when absent; marked when not yet marked.
 */
export function claimHome(dir: string): void {
  const verdict = judgeHome(dir);
  if (verdict.kind === 'foreign') throw new NotATabwrightHomeError(dir, verdict.entries);
  if (verdict.kind === 'home') return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, HOME_MARK), HOME_MARK_TEXT, { mode: 0o600, flag: 'a' });
}
