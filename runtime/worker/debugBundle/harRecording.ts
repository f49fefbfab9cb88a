// `run --har`: a HAR 1.2 of the program's requests, recorded with Playwright's own
// context.tracing.startHar. Bodies go to files as they arrive (`content: 'attach'`): a media-heavy
// page no longer keeps every body in the worker's heap until the end (`embed` did, as base64
// text). Recording stops while a person drives a page (a hand-over) and starts again after, in a
// new segment; harFile.ts makes one HAR of the segments, credentials redacted unless the run
// keeps them (`--keep-secrets`), and after a person's input redacted all the same: a form or a
// cookie could carry what they typed or the login they just made.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { FileReceipt } from '../../../contract/receipt.js';
import { pathInside } from '../../../contract/fileNaming.js';
import { HAR_BODY_CAP, REDACTED, writeHar, type HarSegment } from './harFile.js';
import { firstLine, type RecordingFolders } from './traceRecording.js';

export class HarRecording {
  private recording = false;
  private redact: boolean;
  private readonly segments: HarSegment[] = [];
  /** When recording stopped for a person, and started again. */
  private readonly gaps: { from: string; to?: string }[] = [];
  private readonly hints: string[] = [];
  private readonly resources: string;

  constructor(
    private readonly context: BrowserContext,
    private readonly folders: RecordingFolders,
    private readonly requestId: string,
    private readonly keepSecrets: boolean,
  ) {
    this.redact = !keepSecrets;
    this.resources = path.join(folders.scratch, 'har-resources');
  }

  /** Starts recording a segment; throws what Playwright threw. */
  async start(): Promise<void> {
    const file = path.join(this.folders.scratch, `har-${this.segments.length + 1}.har`);
    await this.context.tracing.startHar(file, { content: 'attach', mode: 'full', resourcesDir: this.resources });
    this.segments.push({ file, redact: this.redact });
    this.recording = true;
  }

  async pause(): Promise<void> {
    if (!this.recording) return;
    await this.save();
    this.gaps.push({ from: new Date().toISOString() });
  }

  async resume(afterPersonInput: boolean): Promise<void> {
    if (this.recording) return;
    const gap = this.gaps[this.gaps.length - 1];
    if (gap && gap.to === undefined) gap.to = new Date().toISOString();
    if (afterPersonInput && !this.redact) {
      this.redact = true;
      this.hints.push('--har: after the person\'s input (handoff) its credentials and form bodies are redacted all the same (--keep-secrets or not): they could carry what the person typed.');
    }
    try {
      await this.start();
    } catch (error) {
      this.hints.push(`--har: the HAR could not start again after the hand-over (${firstLine(error)}); the program went on without it.`);
    }
  }

  /** Stops recording and writes the HAR into the artifacts (0600). */
  async stop(): Promise<{ artifacts: FileReceipt[]; hints: string[] }> {
    if (this.recording) await this.save();
    const hints = [...this.hints];
    const saved = this.segments.filter(segment => fs.existsSync(segment.file));
    if (saved.length === 0) return { artifacts: [], hints };
    const out = pathInside(this.folders.artifacts, `${this.requestId}.har`);
    try {
      const { entries, cut } = writeHar(saved, out, this.folders.scratch, this.comment());
      const redacted = saved.some(segment => segment.redact);
      hints.push(`--har: ${entries} requests in ${out}${cut ? ` (${cut} ${cut === 1 ? 'body' : 'bodies'} cut at ${HAR_BODY_CAP} bytes)` : ''}; ${redacted
        ? 'cookies, Authorization headers and form bodies are redacted (run --keep-secrets keeps them)'
        : 'it holds the run\'s cookies, Authorization headers and form bodies (--keep-secrets): keep it as you would a password'}.`);
      return { artifacts: [{ path: out, bytes: fs.statSync(out).size, mime: 'application/json' }], hints };
    } catch (error) {
      fs.rmSync(out, { force: true });
      hints.push(`--har: the HAR could not be saved (${firstLine(error)}).`);
      return { artifacts: [], hints };
    }
  }

  private async save(): Promise<void> {
    this.recording = false;
    try {
      await this.context.tracing.stopHar();
    } catch (error) {
      this.hints.push(`--har: a part of the HAR could not be saved (${firstLine(error)}).`);
    }
  }

  /** What the file leaves out, in its own words (the HAR's `log.comment`). */
  private comment(): string {
    const redacted = this.segments.filter(segment => segment.redact).length;
    const what = 'Cookie, Set-Cookie, Authorization and Proxy-Authorization headers, cookie values and form bodies';
    const parts = [redacted === this.segments.length ? `tabwright: ${what} are redacted as ${JSON.stringify(REDACTED)} (run --keep-secrets keeps them).`
      : redacted === 0 ? `tabwright: ${what} are kept (run --keep-secrets).`
        : `tabwright: ${what} are kept (run --keep-secrets) until a person's input (handoff), redacted as ${JSON.stringify(REDACTED)} after it.`];
    for (const gap of this.gaps) parts.push(`Not recorded from ${gap.from} to ${gap.to ?? 'the end'} while a person worked on the page (handoff).`);
    return parts.join(' ');
  }
}
