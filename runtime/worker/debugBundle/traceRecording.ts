// `run --trace`: a Playwright trace of the program (actions, DOM snapshots, screenshots, network,
// console; `npx playwright show-trace FILE`), recorded with Playwright's own context.tracing.
// It stops while a person drives a page (a hand-over) and starts again after, so a run with a
// hand-over has a trace before it and one after it (a trace file is one recording: Playwright
// has no pause). Once a person's input reached the page, the trace goes on without DOM
// snapshots and screenshots, and so without network (Playwright records it with snapshots): a
// field, a request or the picture could still hold what they typed. A password field is blank
// in every snapshot (playwrightInternals/coreBundleText/traceSnapshotPasswords.ts); where this Playwright's
// snapshotter could not be changed so, the trace takes no DOM snapshots at all.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { FileReceipt } from '../../../contract/receipt.js';
import { pathInside } from '../../../contract/fileNaming.js';
import { writeRedactedTrace } from './traceFile.js';

/** Where a recording keeps its files until the program ends (0700; gone with the worker if it dies), and where they go then. */
export interface RecordingFolders { scratch: string; artifacts: string }

export class TraceRecording {
  private recording = false;
  /** DOM snapshots and screenshots (and with them, network). */
  private full: boolean;
  private readonly segments: string[] = [];
  private readonly hints: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly folders: RecordingFolders,
    private readonly requestId: string,
    snapshotsBlankPasswords: boolean,
    /** `run --keep-secrets`: the network's cookies, Authorization headers and form bodies kept (traceFile.ts). */
    private readonly keepSecrets: boolean,
  ) {
    this.full = snapshotsBlankPasswords;
    if (!snapshotsBlankPasswords)
      this.hints.push('--trace: this Playwright\'s snapshotter could not be made to leave password fields blank, so the trace has no DOM snapshots, screenshots or network; actions and console only.');
  }

  /** Starts recording (again); throws what Playwright threw. */
  async start(): Promise<void> {
    const name = this.segments.length === 0 ? this.requestId : `${this.requestId}-${this.segments.length + 1}`;
    await this.context.tracing.start({ name, title: name, snapshots: this.full, screenshots: this.full, sources: false });
    this.recording = true;
  }

  /** A person is about to drive a page: what was recorded so far is saved, and nothing more until `resume`. */
  async pause(): Promise<void> {
    if (this.recording) await this.save();
  }

  async resume(afterPersonInput: boolean): Promise<void> {
    if (this.recording) return;
    if (afterPersonInput && this.full) {
      this.full = false;
      this.hints.push(`--trace: after the person's input (handoff) the trace goes on without DOM snapshots, screenshots or network, which could hold what they typed: actions and console only.`);
    }
    try {
      await this.start();
    } catch (error) {
      this.hints.push(`--trace: the trace could not start again after the hand-over (${firstLine(error)}); the program went on without it.`);
    }
  }

  /** Stops recording; each part's file moves to the artifacts, 0600. */
  async stop(): Promise<{ artifacts: FileReceipt[]; hints: string[] }> {
    if (this.recording) await this.save();
    const artifacts: FileReceipt[] = [];
    for (const [index, file] of this.segments.entries()) {
      const target = pathInside(this.folders.artifacts, `${this.requestId}-trace${index === 0 ? '' : `-${index + 1}`}.zip`);
      if (this.keepSecrets) fs.renameSync(file, target);
      else await writeRedactedTrace(file, target);
      artifacts.push({ path: target, bytes: fs.statSync(target).size, mime: 'application/zip' });
    }
    if (artifacts.length > 0) this.hints.push(this.keepSecrets
      ? '--trace: it holds the run\'s cookies, Authorization headers and form bodies (--keep-secrets): keep it as you would a password.'
      : '--trace: its network\'s cookies, Authorization headers and form bodies are redacted (run --keep-secrets keeps them); password fields are blank in its snapshots.');
    if (artifacts.length === 1) this.hints.push(`--trace: open it with \`npx playwright show-trace ${artifacts[0]!.path}\`.`);
    if (artifacts.length > 1)
      this.hints.push(`--trace: ${artifacts.length} traces, one each side of a hand-over (recording stops while a person drives); open each with \`npx playwright show-trace FILE\`: ${artifacts.map(a => a.path).join(', ')}.`);
    return { artifacts, hints: this.hints };
  }

  private async save(): Promise<void> {
    this.recording = false;
    const file = path.join(this.folders.scratch, `trace-${this.segments.length + 1}.zip`);
    try {
      await this.context.tracing.stop({ path: file });
      fs.chmodSync(file, 0o600);
      this.segments.push(file);
    } catch (error) {
      this.hints.push(`--trace: a part of the trace could not be saved (${firstLine(error)}).`);
      // Whatever state that left, the recording must not go on (a person may be about to drive).
      await this.context.tracing.stop().catch(() => {});
    }
  }
}

export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
