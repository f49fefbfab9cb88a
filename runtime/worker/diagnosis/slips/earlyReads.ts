// A read made right after an action returns what the page showed at that moment: a count or a
// text read 20 ms after a click, before the page's request came back, is the old one. Agents in
// every trial returned such values and spent a call reading again (the skill says reads do not
// wait; they still do it). So the reads a program makes within a second of an action, with no
// action after them, are made again once the program has ended and the page has settled; one
// whose answer changed is said in a hint with both answers, and the program's result stays as
// it returned. The program's own goto() counts as such a step: a page that draws after its own
// request (a chart from its data) shows its empty shell when goto() returns (site 26's guard).
// Reads only: each is side-effect free, and made again with Playwright's own method, under the
// failure diagnosis (a re-read that fails is no failure of the program).
import type { Locator, Page } from 'playwright-core';
import { wrapLocatorMethods, wrapPrototypeMethods, type LocatorMethod, type PrototypeMethod } from '../../playwrightInternals/locatorPrototype.js';
import { PROGRAM_FILENAME } from '../../../programs/programSource.js';
import { inRuntimeCall } from '../../effects/pageCodeCalls.js';

/**
 * Locator reads whose answer is what the page shows now. Those that take options wait for the
 * element (`timeoutAt`: where their options go). Not a field's value (inputValue, the value
 * attribute): what a program typed, a password too, never goes into a receipt it did not return.
 */
const READS: Record<string, { timeoutAt?: number }> = {
  innerText: { timeoutAt: 0 }, textContent: { timeoutAt: 0 }, getAttribute: { timeoutAt: 1 },
  isChecked: { timeoutAt: 0 }, isEnabled: { timeoutAt: 0 }, isDisabled: { timeoutAt: 0 }, isEditable: { timeoutAt: 0 },
  isVisible: {}, isHidden: {}, count: {}, allInnerTexts: {}, allTextContents: {},
};
/** A read this soon after an action ended may have come before the page drew what the action did. */
const EARLY_MS = 1000;
/** Reads kept per program, and said at most. */
const MAX_KEPT = 10;
const MAX_SAID = 3;
/** A request answered this long before a read may not have been drawn yet when it was made. */
const ANSWER_DRAWS_MS = 100;
/** How long a read made again may wait for its element. */
const REREAD_TIMEOUT_MS = 1000;

/** What the actions so far were: when the last ended, by what label, and how many began. */
export interface ActionClock { readonly lastActionEndedAt: number; readonly lastActionLabel: string; readonly actionsBegun: number }

/** The program's step a read may have come too soon after: its last action, or its last navigation (goto, reload, back, forward). */
interface Step { endedAt: number; label: string; navigation: boolean; /** Steps begun, ever: one begun since a read makes the page's later state no answer to it. */ begun: number }

/** Page methods that load a document; the program's own calls are steps. */
const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;

interface EarlyRead {
  /** The read as a program would write it (`locator('#n').count`, `page.url`), with its arguments: the same read made again. */
  key: string;
  label: string;
  page: Page;
  /** Makes the read again, on the settled page; undefined when it fails. */
  again: () => Promise<string | undefined>;
  answer: string;
  afterMs: number;
  /** When it was read (Date.now()). */
  at: number;
  step: string;
  navigation: boolean;
  /** Steps begun when it was read: one begun since makes the page's later state no answer to it. */
  stepsBegun: number;
  /** The page's address when a locator read it: a page that moved on since is another page. Not kept for page.url(), whose change is the answer. */
  url?: string;
}

/** A call in a stack trace's first frame made by the program's own code (programSource.ts compiles it as program.js). */
const PROGRAM_FRAME = new RegExp(`(?:\\(|at )${PROGRAM_FILENAME.replace('.', '\\.')}:\\d+`);

/** Whether the wrapper that asks was called by the program's own code: the frame under the wrapper's is in program.js. */
function calledByProgram(): boolean {
  const trace: { stack?: string } = {};
  Error.captureStackTrace(trace, calledByProgram);
  // Under the message: the wrapper that asks, then its caller.
  return PROGRAM_FRAME.test(trace.stack?.split('\n')[2] ?? '');
}

class EarlyReads {
  private kept: EarlyRead[] = [];
  private actionsAtBegin = 0;
  private clock?: ActionClock;
  /** The program's navigations: how many began (ever) and the last to end, this program's only. */
  private navigationsBegun = 0;
  private lastNavigation?: { endedAt: number; label: string };
  /** Playwright's own Page.url, for the runtime's reads of an address (the wrapped one notes the program's). */
  private pageUrl: (page: Page) => string = page => page.url();

  /** Wraps the reads of Playwright's Locator class (locatorPrototype.ts) and Page.url; idempotent. Wrapped before the failure diagnosis, so a read made again is not diagnosed. */
  watch(locator: Locator, clock: ActionClock): void {
    this.clock = clock;
    wrapLocatorMethods(locator, 'early reads', Object.keys(READS), (original, name) => async function (this: Locator, ...args: unknown[]) {
      const result = await original.apply(this, args);
      earlyReads.noteLocator(this, name, args, original, result);
      return result;
    });
    // page.url() is synchronous: the program's own call is told from the runtime's (a navigation
    // event's listener, this file) by the caller's frame, looked at only within EARLY_MS of an action.
    wrapPrototypeMethods(locator.page(), 'early reads', ['url', ...NAVIGATIONS], (original, name) => {
      if (name !== 'url') return earlyReads.navigation(original, name);
      const url = original as unknown as (this: Page) => string;
      this.pageUrl = page => url.call(page);
      return function (this: Page) {
        const result = url.call(this);
        // Looked at only within EARLY_MS of a step: the runtime reads addresses often, and a stack costs.
        if (earlyReads.early() && calledByProgram()) earlyReads.notePageUrl(this, result);
        return result;
      } as unknown as PrototypeMethod<Page>;
    });
  }

  /** A program starts: what is kept from now on is its own. */
  begin(): void {
    this.kept = [];
    this.actionsAtBegin = this.clock?.actionsBegun ?? 0;
    this.lastNavigation = undefined;
  }

  /** A navigation method that, called by the program's own code, is a step; its end is when the page may still be drawing. */
  private navigation(original: PrototypeMethod<Page>, name: string): PrototypeMethod<Page> {
    return async function (this: Page, ...args: unknown[]) {
      if (inRuntimeCall() || !calledByProgram()) return original.apply(this, args);
      earlyReads.navigationsBegun++;
      const result = await original.apply(this, args);
      earlyReads.lastNavigation = { endedAt: Date.now(), label: name === 'goto' ? `page.goto(${JSON.stringify(args[0])})` : `page.${name}()` };
      return result;
    };
  }

  private noteLocator(locator: Locator, name: string, args: unknown[], read: LocatorMethod, result: unknown): void {
    if (name === 'getAttribute' && String(args[0]).toLowerCase() === 'value') return;
    const page = locator.page();
    this.note({
      key: `${String(locator)}.${name}(${JSON.stringify(args)})`, label: `${String(locator)}.${name}()`, page, url: this.pageUrl(page), answer: JSON.stringify(result) ?? 'undefined',
      again: () => {
        const again = [...args];
        const at = READS[name].timeoutAt;
        if (at !== undefined) again[at] = { ...(typeof again[at] === 'object' && again[at] !== null ? again[at] : {}), timeout: REREAD_TIMEOUT_MS };
        return read.apply(locator, again).then(v => JSON.stringify(v) ?? 'undefined', () => undefined);
      },
    });
  }

  private notePageUrl(page: Page, result: string): void {
    this.note({ key: 'page.url()', label: 'page.url()', page, answer: JSON.stringify(result), again: async () => JSON.stringify(this.pageUrl(page)) });
  }

  /** Steps begun, ever: the program's navigations and everyone's actions. */
  private stepsBegun(): number {
    return (this.clock?.actionsBegun ?? 0) + this.navigationsBegun;
  }

  /** Whether a read now is the program's own, after a step of its own: that step (the later of its last action and navigation), else undefined. */
  private watching(): Step | undefined {
    const clock = this.clock;
    if (!clock || inRuntimeCall()) return undefined;
    const action = clock.actionsBegun !== this.actionsAtBegin ? { endedAt: clock.lastActionEndedAt, label: clock.lastActionLabel || 'an action', navigation: false } : undefined;
    const navigation = this.lastNavigation && { ...this.lastNavigation, navigation: true };
    const last = !action ? navigation : !navigation ? action : navigation.endedAt > action.endedAt ? navigation : action;
    return last && { ...last, begun: this.stepsBegun() };
  }

  /** Whether a read now would be a program's read soon after one of its steps. */
  private early(): boolean {
    const step = this.watching();
    return !!step && Date.now() - step.endedAt <= EARLY_MS;
  }

  private note(read: Pick<EarlyRead, 'key' | 'label' | 'page' | 'answer' | 'again' | 'url'>): void {
    const step = this.watching();
    if (!step) return;
    // The same read made again later (a program that polls until the count moves): its last answer counts.
    const same = this.kept.find(r => r.key === read.key && r.stepsBegun === step.begun);
    if (same) return void (same.answer = read.answer);
    const at = Date.now();
    const afterMs = at - step.endedAt;
    if (afterMs > EARLY_MS || this.kept.length >= MAX_KEPT) return;
    this.kept.push({ ...read, afterMs, at, step: step.label, navigation: step.navigation, stepsBegun: step.begun });
  }

  /**
   * The program ended: each read kept with no action after it is made again once its page has
   * settled (`settle`), and those whose answer changed are said. Pages closed or moved on are skipped.
   */
  async changed(settle: (page: Page) => Promise<unknown>, activeSince: (page: Page, at: number) => boolean): Promise<string[]> {
    const begun = this.stepsBegun();
    // A page that asked for nothing since the read (nor just before it: an answer drawn in the next frame) is read as it was: no call made again.
    const last = this.kept.filter(r => r.stepsBegun === begun && !r.page.isClosed() && (r.url === undefined || this.pageUrl(r.page) === r.url)
      && activeSince(r.page, r.at - ANSWER_DRAWS_MS));
    this.kept = [];
    if (!last.length) return [];
    for (const page of new Set(last.map(r => r.page))) await settle(page).catch(() => {});
    const said: EarlyRead[] = [];
    const lines: string[] = [];
    for (const r of last) {
      if (said.length >= MAX_SAID) break;
      const again = await r.again();
      if (again === undefined || again === r.answer) continue;
      said.push(r);
      lines.push(`${r.label} read ${cut(r.answer)} ${r.afterMs} ms after ${r.step}; once the page had settled it gave ${cut(again)}`);
    }
    if (!said.length) return [];
    if (said.every(r => r.navigation)) {
      return [`Read before the page had drawn what it loaded: ${lines.join('. ')}. goto() returns at the load event; what the page draws from its own requests comes after: `
        + `wait for the element first (expect(locator).toBeVisible(), locator.waitFor()), then read or count.`];
    }
    const address = said.some(r => r.key === 'page.url()');
    return [`Read before the page had drawn what an action did: ${lines.join('. ')}. A read returns what the page shows at that moment: `
      + `wait for what the action changes first (expect(locator).toHaveText(), toHaveCount()${address ? ', expect(page).toHaveURL()' : ''}), then read.`];
  }
}

function cut(answer: string): string {
  return answer.length > 120 ? `${answer.slice(0, 119)}…` : answer;
}

/** The worker's one watch on reads made right after an action. */
export const earlyReads = new EarlyReads();
