// Where a task worker's V8 code caches live, and which of them it may trust (codeCache.ts
// compiles with them). A code cache is bytecode V8 runs without checking it against the source
// beyond its length, so a file someone else could write is code someone else could run in
// every task's worker. The policy:
// - A per-user folder, `$XDG_CACHE_HOME/tabwright/v8` (else `~/.cache/tabwright/v8`), not the
//   runtime's home: a new TABWRIGHT_HOME (every cold start of the peers harness, a user's new
//   project) would otherwise start without one. Made 0700.
// - Used only when the folder is a real folder (not a symlink) owned by this uid and not
//   group/world writable, and the file, opened without following a symlink, is a regular file
//   owned by this uid and not group/world writable. Anything else compiles as if there were none.
// - Each file is named by a hash of everything V8 bakes into it (codeCache.ts cacheKey): node
//   and V8 versions, V8 flags, the exact text compiled. An upgrade or a changed retiming names
//   another file, never a stale one.
// - Written to a temp file (0600, O_EXCL) and renamed over the name, so a reader sees a whole
//   file or none. A write that fails (read-only home, full disk) loses only the speed.
import fs from 'node:fs';
import path from 'node:path';

/** Why a cache was not read: each is a plain compile. */
export type CacheRead =
  | { kind: 'found'; data: Buffer }
  | { kind: 'missing' }
  | { kind: 'untrusted'; why: string };

/** A file larger than this is not a code cache of ours (Playwright's largest is ~4 MiB). */
const MAX_CACHE_BYTES = 64 * 2 ** 20;
/** Files kept for each script's name beyond those used lately: a few Playwright/Node versions side by side, not every one ever. */
const KEPT_PER_SCRIPT = 3;
/**
 * A file read or written within this long is kept whatever KEPT_PER_SCRIPT says. Several
 * checkouts or installs in use on one machine each have their own file for one script's name
 * (the name holds the file's path and text); kept to three, they replaced each other's: on the
 * shared machine here, five checkouts rewrote coreBundle.js's cache every few seconds, so most
 * cold starts compiled Playwright without one.
 */
const RECENTLY_USED_MS = 24 * 60 * 60 * 1000;

/** The per-user folder, or undefined when neither XDG_CACHE_HOME nor a home says where. */
export function codeCacheDirectory(env: NodeJS.ProcessEnv, home: string): string | undefined {
  // The XDG spec: a relative XDG_CACHE_HOME is invalid and ignored.
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME
    : home && path.isAbsolute(home) ? path.join(home, '.cache') : undefined;
  return base && path.join(base, 'tabwright', 'v8');
}

/** Why a stat (of the folder or a file) is not trusted, or undefined when it is. */
export function distrust(stat: fs.Stats, uid: number, kind: 'directory' | 'file'): string | undefined {
  if (kind === 'directory' ? !stat.isDirectory() : !stat.isFile()) return `not a ${kind}`;
  if (stat.uid !== uid) return `owned by uid ${stat.uid}, not ${uid}`;
  if (stat.mode & 0o022) return `group or world writable (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** One folder of code caches for this process's user. */
export class CodeCacheStore {
  constructor(readonly directory: string, private readonly uid: number) {}

  /** The folder, made 0700 if absent; why it is not usable otherwise. */
  private usableDirectory(create: boolean): string | undefined {
    try {
      if (create) fs.mkdirSync(this.directory, { recursive: true, mode: 0o700 });
      return distrust(fs.lstatSync(this.directory), this.uid, 'directory');
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? String(error);
    }
  }

  read(name: string): CacheRead {
    const folder = this.usableDirectory(false);
    if (folder === 'ENOENT' || folder === 'ENOTDIR') return { kind: 'missing' };
    if (folder) return { kind: 'untrusted', why: `folder ${this.directory}: ${folder}` };
    let fd: number;
    try {
      fd = fs.openSync(path.join(this.directory, name), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'untrusted', why: `${name}: ${code ?? String(error)}` };
    }
    try {
      // The open file's own stat: what was checked is what is read.
      const stat = fs.fstatSync(fd);
      const why = distrust(stat, this.uid, 'file') ?? (stat.size > MAX_CACHE_BYTES ? `larger than ${MAX_CACHE_BYTES} bytes` : undefined);
      if (why) return { kind: 'untrusted', why: `${name}: ${why}` };
      const data = Buffer.allocUnsafe(stat.size);
      touch(fd);
      let read = 0;
      while (read < data.length) {
        const n = fs.readSync(fd, data, read, data.length - read, read);
        if (n === 0) break;
        read += n;
      }
      return { kind: 'found', data: data.subarray(0, read) };
    } catch (error) {
      return { kind: 'untrusted', why: `${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Writes `data` as `name` (temp file and rename), then drops the oldest files of the same
   * script beyond KEPT_PER_SCRIPT. Returns why it wrote nothing, or undefined when it did.
   */
  write(name: string, script: string, data: Uint8Array): string | undefined {
    const folder = this.usableDirectory(true);
    if (folder) return `folder ${this.directory}: ${folder}`;
    const temp = path.join(this.directory, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    try {
      const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
      try {
        fs.writeSync(fd, data);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temp, path.join(this.directory, name));
    } catch (error) {
      fs.rmSync(temp, { force: true });
      return (error as NodeJS.ErrnoException).code ?? String(error);
    }
    this.prune(script);
    return undefined;
  }

  /** Keeps the files named for `script` used within RECENTLY_USED_MS, and of the others the KEPT_PER_SCRIPT last used (an upgrade's old ones go). */
  private prune(script: string): void {
    try {
      const prefix = `${script}-`;
      const files = fs.readdirSync(this.directory).filter(file => file.startsWith(prefix))
        .map(file => ({ file, at: fs.lstatSync(path.join(this.directory, file)).mtimeMs }))
        .sort((a, b) => b.at - a.at);
      const now = Date.now();
      for (const { file, at } of files.slice(KEPT_PER_SCRIPT)) if (now - at > RECENTLY_USED_MS) fs.rmSync(path.join(this.directory, file), { force: true });
    } catch {
      // Another worker pruning at once, or a file gone meanwhile: the next write prunes again.
    }
  }
}

/** Marks an open cache file used now (its mtime, which prune orders by); a file that cannot be marked is only pruned sooner. */
function touch(fd: number): void {
  try {
    const now = new Date();
    fs.futimesSync(fd, now, now);
  } catch {
    // A read-only cache folder: reading works all the same.
  }
}
