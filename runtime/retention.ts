// Receipts are kept for a while (TABWRIGHT_RECEIPT_DAYS, default 7), then deleted with their
// artifacts. An expired request id is unknown again: submitting it runs the program anew.
import fs from 'node:fs';
import path from 'node:path';
import type { ReceiptStore } from './receiptStore.js';

const HOUR_MS = 60 * 60 * 1000;

export class Retention {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: ReceiptStore,
    private readonly artifactsDir: string,
    private readonly downloadsDir: string,
    private readonly days: number,
  ) {}

  /** Expires now, then every hour while the runtime lives. */
  start(): void {
    this.expire();
    this.timer = setInterval(() => this.expire(), HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  expire(now = Date.now()): number {
    const cutoff = now - this.days * 24 * HOUR_MS;
    const expired = this.store.expire(cutoff);
    for (const receipt of expired) this.removeArtifacts(receipt.task, receipt.requestId);
    if (expired.length > 0) this.store.reclaimSpace();
    // Files no receipt names: downloads seen between programs, and the relay's own copies.
    this.removeOlderThan(this.downloadsDir, cutoff, () => true);
    for (const task of this.list(this.artifactsDir))
      this.removeOlderThan(path.join(this.artifactsDir, task), cutoff, name => name.startsWith('between-programs'));
    return expired.length;
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

  /** Artifacts are named "<requestId>-..." in the task's directory (see worker/artifactWriter.ts). */
  private removeArtifacts(task: string, requestId: string): void {
    const dir = path.join(this.artifactsDir, task);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names)
      if (name.startsWith(`${requestId}-`)) fs.rmSync(path.join(dir, name), { force: true, recursive: true });
  }
}
