// Receipts are kept for a while (TABWRIGHT_RECEIPT_DAYS, default 7), then deleted with their
// artifacts, and the rows of tabs closed as long ago with them. An expired request id is unknown again: submitting it runs the program anew.
//
// A receipt's artifacts are the files it names (its `artifacts`, a result written to a file,
// its downloads): exactly those go with it. Matching names by prefix took other receipts'
// files too (request ids `a` and `a-b` share the prefix `a-`). A file no receipt names (a
// program interrupted before it reported, a download between programs) goes once it is older
// than the cutoff and no receipt still stored could name it.
import fs from 'node:fs';
import path from 'node:path';
import type { ReceiptStore } from './receiptStore.js';
import type { Receipt } from '../contract/receipt.js';

const HOUR_MS = 60 * 60 * 1000;

export class Retention {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: ReceiptStore,
    private readonly artifactsDir: string,
    private readonly downloadsDir: string,
    private readonly days: number,
    /** The page rows (pageTable.ts): closed tabs' rows go with the receipts of their time. */
    private readonly pages?: { prune(cutoff: number): number },
  ) {}

  /**
   * Expires now, then every hour while the runtime lives. A round that fails (a database locked
   * or full, a file that cannot be removed) is reported and the next round tries again: thrown
   * from a timer it would be an uncaught exception, which stops the runtime (runtimeStop.ts).
   */
  start(report: (error: unknown) => void): void {
    const round = () => {
      try {
        this.expire();
      } catch (error) {
        report(error);
      }
    };
    round();
    this.timer = setInterval(round, HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  expire(now = Date.now()): number {
    const cutoff = now - this.days * 24 * HOUR_MS;
    const expired = this.store.expire(cutoff);
    for (const receipt of expired) for (const file of namedFiles(receipt, this.taskDir(receipt.task))) fs.rmSync(file, { force: true });
    const prunedPages = this.pages?.prune(cutoff) ?? 0;
    if (expired.length > 0 || prunedPages > 0) this.store.reclaimSpace();
    // Files no receipt names: the relay's copies of downloads, and in each task's folder what no stored receipt names.
    this.removeOlderThan(this.downloadsDir, cutoff, () => true);
    for (const task of this.list(this.artifactsDir)) {
      const dir = this.taskDir(task);
      const kept = new Set(this.store.spanning(task, cutoff).flatMap(receipt => namedFiles(receipt, dir)));
      this.removeOlderThan(dir, cutoff, name => !kept.has(path.join(dir, name)));
    }
    return expired.length;
  }

  private taskDir(task: string): string {
    return path.join(this.artifactsDir, task);
  }

  private list(dir: string): string[] {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  }

  private removeOlderThan(dir: string, cutoff: number, which: (name: string) => boolean): void {
    for (const name of this.list(dir)) {
      if (!which(name)) continue;
      const file = path.join(dir, name);
      try {
        if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true, recursive: true });
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

/**
 * The files a receipt names (every `path` in it: artifacts, a result written to a file,
 * downloads) that lie directly in its task's folder; a path anywhere else is never touched.
 */
export function namedFiles(receipt: Receipt, taskDir: string): string[] {
  const files: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, field] of Object.entries(value)) {
      if (key === 'path' && typeof field === 'string') {
        const file = path.resolve(field);
        if (path.dirname(file) === path.resolve(taskDir)) files.push(file);
      } else visit(field);
    }
  };
  visit(receipt);
  return files;
}
