// Where runtime.log's lines go, and how it stays bounded. The CLI opens runtime.log for appending
// and hands it to the runtime as its stdout and stderr (cli/runtimeLauncher.ts), so everything
// that writes to those (pino's lines here; Node itself for a fatal error; a worker's console)
// shares the one file, and the CLI finds the last lines of a failed start there by name.
//
// Rotation is therefore copy-and-truncate, not rename (pino-roll's way, which writes numbered
// files of its own and leaves stdout and stderr on the old one): once the file passes
// `maxBytes`, runtime.log.1 becomes runtime.log.2 (and so on up to `keep`), runtime.log is
// copied to runtime.log.1 and emptied in place. Every writer opened it for appending, so each
// next line lands at the new end. A line another writer (not this one) puts between the copy and
// the truncation is lost; this one's lines never are (the copy and the truncation happen inside
// its write, before the line).
import fs from 'node:fs';

export interface LogFileLimits {
  /** The size past which the file is rotated. */
  maxBytes: number;
  /** How many rotated files are kept (runtime.log.1 is the newest). */
  keep: number;
}

/** 10 MiB a file, two old ones kept: runtime.log and its rotations hold at most ~30 MiB. */
export const RUNTIME_LOG_LIMITS: LogFileLimits = { maxBytes: 10 * 1024 * 1024, keep: 2 };

export class RuntimeLogFile {
  /** What the file held when last measured plus what this writer wrote since. */
  private size: number;
  /** False when the descriptor is not `file` (a runtime started by hand on a terminal): never rotated. */
  private readonly rotates: boolean;

  /** @param fd the descriptor the lines are written to: the process's stdout, which is `file`. */
  constructor(readonly file: string, private readonly fd = 1, private readonly limits: LogFileLimits = RUNTIME_LOG_LIMITS) {
    const held = this.fstat();
    this.rotates = held !== undefined && held.isFile() && sameFile(held, file);
    this.size = held?.size ?? 0;
  }

  /**
   * Writes one line before returning. pino's own destination buffers and writes later, so the
   * last lines before a hard exit (SIGKILL) were lost, and a line could land after what it led
   * to. A line that cannot be written (a full disk) is dropped: logging never throws into the
   * code that logs.
   */
  write(line: string): void {
    if (this.rotates && this.size >= this.limits.maxBytes) this.rotateIfFull();
    try {
      this.size += fs.writeSync(this.fd, line);
    } catch {
      // Nowhere left to say it.
    }
  }

  private rotateIfFull(): void {
    // Others write to the file too (stderr): measure it before deciding.
    const held = this.fstat();
    this.size = held?.size ?? 0;
    if (this.size < this.limits.maxBytes) return;
    try {
      for (let n = this.limits.keep - 1; n >= 1; n--) renameIfThere(`${this.file}.${n}`, `${this.file}.${n + 1}`);
      fs.copyFileSync(this.file, `${this.file}.1`);
      fs.ftruncateSync(this.fd, 0);
      this.size = 0;
    } catch {
      // A full disk or a read-only home: the file grows on; the next line tries again only
      // after another maxBytes, so a failing rotation is not retried on every line.
      this.size = 0;
    }
  }

  private fstat(): fs.Stats | undefined {
    try {
      return fs.fstatSync(this.fd);
    } catch {
      return undefined;
    }
  }
}

function sameFile(held: fs.Stats, file: string): boolean {
  try {
    const named = fs.statSync(file);
    return named.dev === held.dev && named.ino === held.ino;
  } catch {
    return false;
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
