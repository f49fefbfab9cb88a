// Receipts are kept for a while (TABWRIGHT_RECEIPT_DAYS, default 7), then deleted with their
// artifacts, and the rows of tabs closed as long ago with them. An expired request id is unknown again: submitting it runs the program anew.
//
// A receipt's artifacts are the files the runtime wrote for it (its `artifacts`, a result
// written to a file, its downloads), never a path its page-controlled `result` names: exactly
// those go with it. Matching names by prefix took other receipts'
// files too (request ids `a` and `a-b` share the prefix `a-`). A file no receipt names (a
// program interrupted before it reported, a download between programs) goes once it is older
// than the cutoff and no receipt still stored could name it.
import fs from 'node:fs';
import path from 'node:path';
import type { ReceiptStore } from './receiptStore.js';
import type { Receipt } from '../../contract/receipt.js';

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
 * A receipt's own files, those the runtime wrote for it: its `artifacts` (a result written to a
 * file, buffers in the result, --trace and --har files) and its downloads (`pageChanges`), each
 * lying directly in its task's folder; a path anywhere else is never touched. Nothing else in a
 * receipt is read for paths: `result`, `console` and titles are the page's words, and a page that
 * names another receipt's screenshot must not get it deleted with this one.
 */
export function namedFiles(receipt: Receipt, taskDir: string): string[] {
  const named = [
    ...(receipt.artifacts ?? []).map(file => file.path),
    ...(receipt.pageChanges ?? []).filter(change => change.type === 'download').map(change => change.path),
  ];
  const dir = path.resolve(taskDir);
  return named.filter((file): file is string => typeof file === 'string')
    .map(file => path.resolve(file))
    .filter(file => path.dirname(file) === dir);
}
