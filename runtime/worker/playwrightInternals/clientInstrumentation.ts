// Playwright's client instrumentation: one per connection (every client object of it, a page,
// its frames, handles and context, shares it), reached through a client object's private
// `_instrumentation`. Each API call a program makes is announced there once, by
// `onApiCallBegin(zone, {type, method})`, synchronously in the caller's async context, just
// before its first protocol message is sent; Playwright's internal calls are not announced, nor
// the later messages of one API call (a locator's evaluate announces the Frame.waitForSelector
// that finds its element, not the evaluate after it). Listeners run in the order added, and one
// that throws fails the call, the listeners after it not called. The zone's `apiName` is the
// public call the program made (`page.evaluate`, `locator.allTextContents`,
// `elementHandle.evaluate`): Playwright names it after the outermost of its own frames on the
// stack, as it names a failed call in the error's message. Relied on (README.md here;
// test/playwright-internals checks it on a live page).
import type { BrowserContext } from 'playwright-core';

/** One announced API call: its first protocol call (`Frame.evaluateExpression`) and the public call it serves (`page.evaluate`; '' when Playwright could not name it). */
export interface ApiCall {
  type: string;
  method: string;
  apiName: string;
}

/** Playwright's zone of one API call: the same object at its begin and its end; `frames`, the stack outside Playwright as the call began. */
interface ApiZone { apiName?: unknown; frames?: unknown }

interface ClientInstrumentation {
  addListener(listener: {
    onApiCallBegin?: (zone: ApiZone | undefined, call: { type: string; method: string }) => void;
    onApiCallEnd?: (zone: ApiZone | undefined) => void;
  }): void;
}

function instrumentationOf(context: BrowserContext): ClientInstrumentation | undefined {
  const candidate = (context as unknown as { _instrumentation?: Partial<ClientInstrumentation> })._instrumentation;
  return typeof candidate?.addListener === 'function' ? candidate as ClientInstrumentation : undefined;
}

/**
 * Calls `begin` as each API call of the context's connection is announced, before it is sent
 * (a throw fails the call). Returns false when this Playwright offers no instrumentation.
 */
export function onApiCallBegin(context: BrowserContext, begin: (call: ApiCall) => void): boolean {
  const instrumentation = instrumentationOf(context);
  if (!instrumentation) return false;
  instrumentation.addListener({
    onApiCallBegin: (zone, call) => begin({ type: call.type, method: call.method, apiName: typeof zone?.apiName === 'string' ? zone.apiName : '' }),
  });
  return true;
}

/** Where a call was made: the line of the first stack frame in `file` (the program's), if any. */
export type LineIn = (file: string) => number | undefined;

/**
 * Calls `span.begin` as each API call is announced (as onApiCallBegin above) and `span.end`
 * with the same zone object once it returned or threw: Playwright calls onApiCallEnd for every
 * call it did not make for itself, announced or not. Returns false without instrumentation.
 */
export function onApiCallSpans(context: BrowserContext, span: { begin(zone: object, call: ApiCall, lineIn: LineIn): void; end(zone: object): void }): boolean {
  const instrumentation = instrumentationOf(context);
  if (!instrumentation) return false;
  instrumentation.addListener({
    onApiCallBegin: (zone, call) => {
      if (!zone) return;
      const lineIn: LineIn = file => {
        const frames = Array.isArray(zone.frames) ? zone.frames as { file?: unknown; line?: unknown }[] : [];
        const frame = frames.find(f => f.file === file);
        return typeof frame?.line === 'number' ? frame.line : undefined;
      };
      span.begin(zone, { type: call.type, method: call.method, apiName: typeof zone.apiName === 'string' ? zone.apiName : '' }, lineIn);
    },
    onApiCallEnd: zone => { if (zone) span.end(zone); },
  });
  return true;
}
