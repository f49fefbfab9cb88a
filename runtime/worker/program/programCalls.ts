// The program's Playwright calls in flight, told to the main thread as each begins and ends, so
// a running receipt can say where a program that does not end is waiting (`page.evaluate` at
// line 2, for 62 s) instead of only "still running" (receiptAssembly.ts withProgressHint). One
// message at each end of each public API call (Playwright's client instrumentation,
// playwrightInternals/clientInstrumentation.ts), never per protocol message; the runtime's own
// calls (observe(), read(), what covers a click: asRuntime) are not the program's.
import type { BrowserContext } from 'playwright-core';
import type { ProgramCallReport } from '../../programs/workerProtocol.js';
import { onApiCallSpans } from '../playwrightInternals/clientInstrumentation.js';
import { PROGRAM_FILENAME } from '../../programs/programSource.js';
import { inRuntimeCall } from '../effects/pageCodeCalls.js';

export class ProgramCalls {
  private requestId?: string;
  private nextId = 1;
  private readonly ids = new WeakMap<object, number>();

  constructor(private readonly report: (requestId: string, call: ProgramCallReport) => void) {}

  /** Watches the context's connection (once per worker). */
  watch(context: BrowserContext): void {
    onApiCallSpans(context, {
      begin: (zone, call, lineIn) => {
        if (this.requestId === undefined || inRuntimeCall()) return;
        const id = this.nextId++;
        this.ids.set(zone, id);
        const line = lineIn(PROGRAM_FILENAME);
        this.report(this.requestId, { phase: 'began', id, name: call.apiName || `${call.type}.${call.method}`, ...(line !== undefined ? { line } : {}), at: Date.now() });
      },
      end: zone => {
        const id = this.ids.get(zone);
        if (id === undefined || this.requestId === undefined) return;
        this.ids.delete(zone);
        this.report(this.requestId, { phase: 'ended', id });
      },
    });
  }

  /** A program starts: its calls are reported under its request id. */
  begin(requestId: string): void {
    this.requestId = requestId;
  }

  /** The program ended: calls it left running are no longer reported (the run is over for the main thread too). */
  end(): void {
    this.requestId = undefined;
  }
}
