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
    const expired = this.store.expire(now - this.days * 24 * HOUR_MS);
    for (const receipt of expired) this.removeArtifacts(receipt.task, receipt.requestId);
    return expired.length;
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
