// `handoff` in a program's scope: `await handoff({ reason, until?, timeoutS?, page?, record? })`
// asks a person to work on a page in the live view (a sign-in, a second factor, a CAPTCHA, a
// confirmation) and waits. The main thread decides when it ends: the person's Done or
// "Cannot do this", `until` holding (watched here and reported), the cap, the page closing.
// With `record`, the person shows a flow once and Done saves it as a playbook draft of that
// name (runtime/recording/); `handoff` returns it.
import type { Locator, Page } from 'playwright-core';
import type { HandoffEnd, RecordedPlaybook } from '../../../contract/receipt.js';
import type { FromWorker, HandoffAsk } from '../../programs/workerProtocol.js';
import { personHoldReason } from '../../handoff/personHold.js';
import { invalidPlaybookName } from '../../playbooks/playbookName.js';

/** The person's time when the program does not set `timeoutS`: long enough to find a code on a phone. */
export const DEFAULT_HANDOFF_TIMEOUT_S = 900;
const MAX_REASON_CHARS = 500;
/** How long one look for `until` waits before looking again (each look ends, so none outlives the hand-over). */
const UNTIL_LOOK_MS = 1000;
/** A URL that matches already needs no more than its document's DOMContentLoaded. */
const URL_NOW_MS = 200;

type UrlCondition = string | RegExp | ((url: URL) => boolean);

export interface HandoffOptions {
  reason: string;
  /** Ends the hand-over by itself once this holds: a locator visible, or the page's URL matching. */
  until?: Locator | UrlCondition;
  /** The person's time at most (default 900 s); the program's own timeout does not count it. */
  timeoutS?: number;
  /** The page to hand over (default: the task's selected page). */
  page?: Page;
  /** Record what the person does as a playbook draft of this name (`site.action`); Done saves it. */
  record?: string;
}

export interface HandoffResult {
  /** `done`: the person said so; `until`: the condition held (`asked: false` when it held before anyone was asked). */
  ended: 'done' | 'until';
  personMs: number;
  note?: string;
  asked: boolean;
  /** The draft a recording hand-over saved: its name, version, parameters and status (`untried`). */
  playbook?: RecordedPlaybook;
}

/** The person pressed "Cannot do this"; `note` is what they wrote. */
export class HandoffDeclined extends Error {
  override name = 'HandoffDeclined';
  constructor(readonly note: string | undefined) {
    super(note ? `The person could not do it: ${note}` : 'The person could not do it (no note).');
  }
}

/** The hand-over ended without the person finishing: its cap passed, its page closed, or it was cut short. */
export class HandoffEnded extends Error {
  constructor(name: 'HandoffTimedOut' | 'HandoffPageClosed' | 'HandoffInterrupted', message: string) {
    super(message);
    this.name = name;
  }
}

export class HandoffUsageError extends TypeError {
  override name = 'HandoffUsageError';
}

/**
 * What the run records besides its receipt (run --trace, --har): nothing of it goes on while a
 * person drives, and after their input only what cannot hold what they typed (debugBundle.ts).
 */
export interface RecordingPause {
  pause(): Promise<void>;
  resume(afterPersonInput: boolean): Promise<void>;
}

export interface HandoffRuntime {
  requestId: string;
  post: (message: FromWorker) => void;
  /** The page to hand over when the program names none. */
  defaultPage: () => Promise<Page>;
  targetIdOf: (page: Page) => Promise<string>;
  /** Where the main thread's answer is delivered (see `answer`). */
  waiters: HandoffWaiters;
  recording?: RecordingPause;
}

type Answer = { ended: HandoffEnd; personMs: number; personInput: boolean; note?: string; playbook?: RecordedPlaybook };

/** The open hand-overs' waiters, by id: the worker's message handler answers them. */
export class HandoffWaiters {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  /**
   * Hand-overs asked for whose message to the main thread is not sent yet (their page is being
   * named). The hold starts before it is sent, so a program can end, refused by the hold, first.
   */
  private readonly unannounced = new Map<number, { sent: Promise<void>; settle: () => void }>();
  private reason?: string;

  get busy(): boolean {
    return this.waiting.size > 0;
  }

  /** Why the program's own page actions are refused now (a person works on the pages), if they are. */
  hold(): string | undefined {
    return this.busy && this.reason !== undefined ? personHoldReason(this.reason) : undefined;
  }

  wait(reason: string): { id: number; answer: Promise<Answer> } {
    const id = this.nextId++;
    this.reason = reason;
    let settle = (): void => {};
    const sent = new Promise<void>(resolve => { settle = resolve; });
    this.unannounced.set(id, { sent, settle });
    return { id, answer: new Promise(resolve => this.waiting.set(id, resolve)) };
  }

  /** The hand-over's message is sent to the main thread. */
  announced(id: number): void {
    this.unannounced.get(id)?.settle();
    this.unannounced.delete(id);
  }

  /**
   * Resolves once every hand-over asked for so far is announced or released: the program's
   * outcome is reported after them, so its receipt lists a hand-over whose hold refused it.
   */
  async allAnnounced(): Promise<void> {
    await Promise.all([...this.unannounced.values()].map(u => u.sent));
  }

  /** A hand-over that was never asked for (its `until` held already, or its page could not be named). */
  release(id: number): void {
    this.waiting.delete(id);
    this.announced(id);
  }

  /** The program ended: nothing waits any more. */
  abandon(): void {
    // Whether the person's input reached the page is not known here: assume it did.
    for (const id of [...this.waiting.keys()]) this.answer(id, { ended: 'interrupted', personMs: 0, personInput: true });
  }

  answer(id: number, answer: Answer): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(answer);
  }
}

function isLocator(value: unknown): value is Locator {
  return typeof value === 'object' && value !== null && !(value instanceof RegExp) && typeof (value as Locator).waitFor === 'function';
}

function checkOptions(options: unknown): asserts options is HandoffOptions {
  const o = options as Partial<HandoffOptions> | undefined;
  if (typeof o !== 'object' || o === null || typeof o.reason !== 'string' || o.reason.trim() === '')
    throw new HandoffUsageError("handoff() needs { reason: 'what the person should do' }, e.g. handoff({ reason: 'Enter the code sent to your phone', until: page.getByText('Welcome') }).");
  if (o.reason.length > MAX_REASON_CHARS) throw new HandoffUsageError(`handoff()'s reason is ${o.reason.length} characters; say it in at most ${MAX_REASON_CHARS}.`);
  if (o.timeoutS !== undefined && !(typeof o.timeoutS === 'number' && o.timeoutS > 0 && Number.isFinite(o.timeoutS)))
    throw new HandoffUsageError(`handoff()'s timeoutS must be a number of seconds above 0, not ${String(o.timeoutS)}.`);
  if (o.record !== undefined) {
    const bad = invalidPlaybookName(o.record);
    if (bad) throw new HandoffUsageError(`handoff()'s record names the playbook the person's flow is saved as: ${bad}`);
    if (o.until !== undefined) throw new HandoffUsageError('handoff() cannot both record and end by `until`: a recording ends when the person has checked the draft and pressed Done.');
  }
  const until = o.until;
  if (until !== undefined && !isLocator(until) && typeof until !== 'string' && !(until instanceof RegExp) && typeof until !== 'function')
    throw new HandoffUsageError('handoff()\'s until is a locator (visible ends the hand-over) or a URL: a string (glob), a RegExp or a function of the URL.');
}

/** One look: true when `until` holds now or within a second. */
async function holds(until: Locator | UrlCondition, page: Page, lookMs: number): Promise<boolean> {
  try {
    if (isLocator(until)) await until.waitFor({ state: 'visible', timeout: lookMs });
    else await page.waitForURL(until, { timeout: lookMs, waitUntil: 'domcontentloaded' });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return false;
    throw error;
  }
}

/** Whether `until` holds already (a false "no" only means a person is asked, and the watch ends it). */
function holdsNow(until: Locator | UrlCondition, page: Page): Promise<boolean> {
  return (isLocator(until) ? until.isVisible() : holds(until, page, URL_NOW_MS)).catch(() => false);
}

export function programHandoff(runtime: HandoffRuntime) {
  return async function handoff(options: HandoffOptions): Promise<HandoffResult> {
    checkOptions(options);
    if (runtime.waiters.busy) throw new HandoffUsageError('handoff() is already waiting for a person: hand over one page at a time.');
    const reason = options.reason.trim();
    // The hold starts with the call, before its first await: a program that goes on acting
    // without awaiting handoff() is refused from its next action on (inputGuard.ts).
    const { id, answer } = runtime.waiters.wait(reason);
    const until = options.until;
    let targetId: string;
    let page: Page;
    try {
      page = options.page ?? await runtime.defaultPage();
      // Nobody is asked for what already holds.
      if (until !== undefined && await holdsNow(until, page)) {
        runtime.waiters.release(id);
        return { ended: 'until', personMs: 0, asked: false };
      }
      targetId = await runtime.targetIdOf(page);
    } catch (error) {
      runtime.waiters.release(id);
      throw error;
    }
    const ask: HandoffAsk = { id, reason, targetId, timeoutS: options.timeoutS ?? DEFAULT_HANDOFF_TIMEOUT_S, ...(options.record !== undefined ? { record: options.record } : {}) };
    // Before anyone is asked: nothing the person types or sees is recorded.
    await runtime.recording?.pause();
    runtime.post({ type: 'handoff', requestId: runtime.requestId, ask });
    runtime.waiters.announced(id);
    let over = false;
    if (until !== undefined) {
      void (async () => {
        while (!over) {
          // A page gone or closed ends the look; the main thread hears of the closed page itself.
          const held = await holds(until, page, UNTIL_LOOK_MS).catch(() => { over = true; return false; });
          if (held && !over) return runtime.post({ type: 'handoffUntil', requestId: runtime.requestId, id });
        }
      })();
    }
    const result = await answer.finally(() => { over = true; });
    await runtime.recording?.resume(result.personInput);
    switch (result.ended) {
      case 'done':
      case 'until':
        return { ended: result.ended, personMs: result.personMs, ...(result.note ? { note: result.note } : {}), asked: true, ...(result.playbook ? { playbook: result.playbook } : {}) };
      case 'declined':
        throw new HandoffDeclined(result.note);
      case 'timedOut':
        throw new HandoffEnded('HandoffTimedOut', `Nobody finished the hand-over within its ${ask.timeoutS} s (handoff({ timeoutS }) sets it): "${ask.reason}".`);
      case 'pageClosed':
        throw new HandoffEnded('HandoffPageClosed', 'The page handed over closed before the person finished.');
      case 'interrupted':
        throw new HandoffEnded('HandoffInterrupted', 'The hand-over was cut short by the runtime.');
    }
  };
}
