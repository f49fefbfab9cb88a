// The program's Playwright calls in flight, told to the main thread once one has lasted
// TOLD_AFTER_MS, so a running receipt can say where a program that does not end is waiting
// (`page.evaluate` at line 2, for 62 s) instead of only "still running" (receiptAssembly.ts
// withProgressHint). The worker keeps every call in flight (Playwright's client
// instrumentation, playwrightInternals/clientInstrumentation.ts, announces each public API call
// once and ends it, never per protocol message); one timer, armed while calls are in flight,
// tells those that outlived the threshold, and a told call's end is told too. A call shorter than
// that (nearly all: a click is tens of ms) costs no message: telling each call's begin and end
// was two messages between threads per call, ~5 ms of the worker's time per peers date-picker
// flow. A running receipt asked within a call's first second does not name it ("for 0 s" said
// nothing). The runtime's own calls (observe(), read(), what covers a click: asRuntime) are not
// the program's.
import type { BrowserContext } from 'playwright-core';
import type { ProgramCallReport } from '../../programs/workerProtocol.js';
import { onApiCallSpans, type LineIn } from '../playwrightInternals/clientInstrumentation.js';
import { PROGRAM_FILENAME } from '../../programs/programSource.js';
import { inRuntimeCall } from '../effects/pageCodeCalls.js';

/** A call in flight this long is told to the main thread; a running receipt names it. */
export const TOLD_AFTER_MS = 1000;

interface InFlight { id: number; name: string; lineIn: LineIn; at: number; told: boolean }

export class ProgramCalls {
  private requestId?: string;
  private nextId = 1;
  /** The program's calls in flight by their zone, in the order they began (so the oldest first). */
  private readonly inFlight = new Map<object, InFlight>();
  private timer?: ReturnType<typeof setTimeout>;
  /** The name of the program's last call to begin (`locator.click`, `observe`), kept once it ended: what the program did last. */
  private last?: string;

  constructor(private readonly report: (requestId: string, call: ProgramCallReport) => void) {}

  /** Watches the context's connection (once per worker). */
  watch(context: BrowserContext): void {
    onApiCallSpans(context, {
      begin: (zone, call, lineIn) => {
        if (this.requestId === undefined || inRuntimeCall()) return;
        const name = call.apiName || `${call.type}.${call.method}`;
        this.last = name;
        this.inFlight.set(zone, { id: this.nextId++, name, lineIn, at: Date.now(), told: false });
        this.timer ??= this.arm(TOLD_AFTER_MS);
      },
      end: zone => {
        const call = this.inFlight.get(zone);
        if (!call) return;
        this.inFlight.delete(zone);
        if (call.told && this.requestId !== undefined) this.report(this.requestId, { phase: 'ended', id: call.id });
      },
    });
  }

  /** A program starts: its calls are reported under its request id. */
  begin(requestId: string): void {
    this.requestId = requestId;
    this.last = undefined;
  }

  /** A call of the program to tabwright's own scope (`observe`): no Playwright call, but the program's last look. */
  noteOwn(name: string): void {
    this.last = name;
  }

  /** The program's last call, by name (`locator.click`, `expect.toHaveText`, `observe`). */
  get lastCall(): string | undefined {
    return this.last;
  }

  /** The program ended: calls it left running are no longer reported (the run is over for the main thread too). */
  end(): void {
    this.requestId = undefined;
    this.inFlight.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Tells the calls in flight for TOLD_AFTER_MS, and looks again when the next one will have been. */
  private readonly tell = (): void => {
    this.timer = undefined;
    if (this.requestId === undefined) return;
    const now = Date.now();
    for (const call of this.inFlight.values()) {
      if (call.told) continue;
      // Those after it began later: none of them is due yet either.
      if (now - call.at < TOLD_AFTER_MS) return void (this.timer = this.arm(call.at + TOLD_AFTER_MS - now));
      call.told = true;
      const line = call.lineIn(PROGRAM_FILENAME);
      this.report(this.requestId, { phase: 'began', id: call.id, name: call.name, ...(line !== undefined ? { line } : {}), at: call.at });
    }
  };

  private arm(ms: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(this.tell, ms);
    // Calls in flight are no reason for the worker to stay (its port keeps it).
    timer.unref?.();
    return timer;
  }
}
