// `run --trace` and `run --har`: what a program's run records besides its receipt, saved as
// files in the receipt's artifacts, never inline (traceRecording.ts, harRecording.ts). These
// files hold secrets: the pages' requests, their bodies and DOM. So:
// - their credentials (Cookie, Set-Cookie, Authorization headers, cookie values, form bodies)
//   are redacted unless `--keep-secrets` (harFile.ts, traceFile.ts); a trace's DOM snapshots
//   copy a password field blank (playwrightInternals/coreBundleText/traceSnapshotPasswords.ts);
// - they are 0600 in a folder of 0700 (the home is 0700 too);
// - nothing is recorded while a person drives a page (handoff): recording stops before they are
//   asked and starts after, and after their input only in forms that cannot hold what they
//   typed. What the person types or sees is in none of these files (`inputKept: false`);
// - until the program ends they stay in the worker's own folder, so a program the runtime
//   stops (its timeout) leaves nothing: that folder goes with the worker.
// What cannot start is said in a hint, and the program runs anyway.
import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import type { FileReceipt } from '../../../contract/receipt.js';
import type { DebugBundle } from '../../programs/workerProtocol.js';
import type { RecordingPause } from '../program/handoff.js';
import { firstLine, TraceRecording } from './traceRecording.js';
import { HarRecording } from './harRecording.js';


export class DebugRecording implements RecordingPause {
  private constructor(
    private readonly scratch: string,
    private readonly trace: TraceRecording | undefined,
    private readonly har: HarRecording | undefined,
    private readonly hints: string[],
  ) {}

  /**
   * Starts what the bundle asks for. `folders.scratch`: the worker's own folder, under which
   * this run's files wait; `snapshotsBlankPasswords`: whether this worker's Playwright leaves
   * password fields blank in DOM snapshots (asked only for a trace).
   */
  static async start(context: BrowserContext, bundle: DebugBundle, folders: { artifacts: string; scratch: string }, requestId: string,
    snapshotsBlankPasswords: () => boolean): Promise<DebugRecording> {
    fs.mkdirSync(folders.artifacts, { recursive: true, mode: 0o700 });
    fs.chmodSync(folders.artifacts, 0o700);
    const scratch = fs.mkdtempSync(`${folders.scratch}/${requestId.replace(/[^A-Za-z0-9_-]/g, '_')}-`);
    const own = { scratch, artifacts: folders.artifacts };
    const hints: string[] = [];
    let trace: TraceRecording | undefined;
    let har: HarRecording | undefined;
    if (bundle.trace) {
      const recording = new TraceRecording(context, own, requestId, snapshotsBlankPasswords(), bundle.keepSecrets === true);
      try {
        await recording.start();
        trace = recording;
      } catch (error) {
        hints.push(`--trace: the trace could not start (${firstLine(error)}); the program ran without it.`);
      }
    }
    if (bundle.har) {
      const recording = new HarRecording(context, own, requestId, bundle.keepSecrets === true);
      try {
        await recording.start();
        har = recording;
      } catch (error) {
        hints.push(`--har: the HAR could not start (${firstLine(error)}); the program ran without it.`);
      }
    }
    return new DebugRecording(scratch, trace, har, hints);
  }

  /** Hand-overs asked and not yet over: recording goes on again only when none is left. */
  private paused = 0;
  private personInput = false;
  private ended = false;
  /** Pause, resume and stop one after another: a resume still starting is over before the files are saved. */
  private turn: Promise<void> = Promise.resolve();

  private inTurn(step: () => Promise<void>): Promise<void> {
    const next = this.turn.then(step);
    this.turn = next.catch(() => {});
    return next;
  }

  /** A person is about to drive a page: nothing is recorded until every hand-over asked is over. */
  pause(): Promise<void> {
    this.paused++;
    return this.inTurn(async () => {
      if (this.ended) return;
      await Promise.all([this.trace?.pause(), this.har?.pause()]);
    });
  }

  /**
   * A hand-over ended; `afterPersonInput`: their input reached the page. A second hand-over
   * asked while one is open (a program that did not await the first) keeps recording stopped,
   * and one that ends after the program (never awaited) starts nothing.
   */
  resume(afterPersonInput: boolean): Promise<void> {
    this.paused = Math.max(0, this.paused - 1);
    this.personInput ||= afterPersonInput;
    return this.inTurn(async () => {
      if (this.ended || this.paused > 0) return;
      await Promise.all([this.trace?.resume(this.personInput), this.har?.resume(this.personInput)]);
    });
  }

  /** Stops recording and saves the files; their receipts and hints for the receipt. */
  async stop(): Promise<{ artifacts: FileReceipt[]; hints: string[] }> {
    this.ended = true;
    await this.turn;
    const artifacts: FileReceipt[] = [];
    const hints = [...this.hints];
    try {
      for (const [flag, recording] of [['--har', this.har], ['--trace', this.trace]] as const) {
        if (!recording) continue;
        try {
          const saved = await recording.stop();
          artifacts.push(...saved.artifacts);
          hints.push(...saved.hints);
        } catch (error) {
          hints.push(`${flag}: the file could not be saved (${firstLine(error)}).`);
        }
      }
    } finally {
      fs.rmSync(this.scratch, { recursive: true, force: true });
    }
    return { artifacts, hints };
  }
}
