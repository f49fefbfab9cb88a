// A read made right after an action returns what the page showed at that moment: a count or a
// text read 20 ms after a click, before the page's request came back, is the old one. Agents in
// every trial returned such values and spent a call reading again (the skill says reads do not
// wait; they still do it). So the reads a program makes within a second of an action, with no
// action after them, are made again once the program has ended and the page has settled; one
// whose answer changed is said in a hint with both answers, and the program's result stays as
// it returned. Reads only: each is side-effect free, and made again with Playwright's own
// method, under the failure diagnosis (a re-read that fails is no failure of the program).
import type { Locator, Page } from 'playwright-core';
import { wrapLocatorMethods, type LocatorMethod } from '../playwrightInternals/locatorPrototype.js';
import { inRuntimeCall } from '../effects/pageCodeCalls.js';

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

interface EarlyRead {
  /** The locator, method and arguments, as one string: the same read made again. */
  key: string;
  locator: Locator;
  name: string;
  args: unknown[];
  read: LocatorMethod;
  answer: string;
  afterMs: number;
  /** When it was read (Date.now()). */
  at: number;
  action: string;
  /** Actions begun when it was read: one begun since makes the page's later state no answer to it. */
  actionsBegun: number;
  url: string;
}

class EarlyReads {
  private kept: EarlyRead[] = [];
  private actionsAtBegin = 0;
  private clock?: ActionClock;

  /** Wraps the reads of Playwright's Locator class (locatorPrototype.ts); idempotent. Wrapped before the failure diagnosis, so a read made again is not diagnosed. */
  watch(locator: Locator, clock: ActionClock): void {
    this.clock = clock;
    wrapLocatorMethods(locator, 'early reads', Object.keys(READS), (original, name) => async function (this: Locator, ...args: unknown[]) {
      const result = await original.apply(this, args);
      earlyReads.note(this, name, args, original, result);
      return result;
    });
  }

  /** A program starts: what is kept from now on is its own. */
  begin(): void {
    this.kept = [];
    this.actionsAtBegin = this.clock?.actionsBegun ?? 0;
  }

  private note(locator: Locator, name: string, args: unknown[], read: LocatorMethod, result: unknown): void {
    const clock = this.clock;
    if (!clock || inRuntimeCall() || clock.actionsBegun === this.actionsAtBegin) return;
    if (name === 'getAttribute' && String(args[0]).toLowerCase() === 'value') return;
    const answer = JSON.stringify(result) ?? 'undefined';
    const key = `${String(locator)}.${name}(${JSON.stringify(args)})`;
    // The same read made again later (a program that polls until the count moves): its last answer counts.
    const same = this.kept.find(r => r.key === key && r.actionsBegun === clock.actionsBegun);
    if (same) return void (same.answer = answer);
    const at = Date.now();
    const afterMs = at - clock.lastActionEndedAt;
    if (afterMs > EARLY_MS || this.kept.length >= MAX_KEPT) return;
    this.kept.push({ key, locator, name, args, read, answer, afterMs, at, action: clock.lastActionLabel, actionsBegun: clock.actionsBegun, url: locator.page().url() });
  }

  /**
   * The program ended: each read kept with no action after it is made again once its page has
   * settled (`settle`), and those whose answer changed are said. Pages closed or moved on are skipped.
   */
  async changed(settle: (page: Page) => Promise<unknown>, activeSince: (page: Page, at: number) => boolean): Promise<string[]> {
    const clock = this.clock;
    // A page that asked for nothing since the read (nor just before it: an answer drawn in the next frame) is read as it was: no call made again.
    const last = this.kept.filter(r => r.actionsBegun === clock?.actionsBegun && !r.locator.page().isClosed() && r.locator.page().url() === r.url
      && activeSince(r.locator.page(), r.at - ANSWER_DRAWS_MS));
    this.kept = [];
    if (!last.length) return [];
    for (const page of new Set(last.map(r => r.locator.page()))) await settle(page).catch(() => {});
    const said: string[] = [];
    for (const r of last) {
      if (said.length >= MAX_SAID) break;
      const args = [...r.args];
      const at = READS[r.name].timeoutAt;
      if (at !== undefined) args[at] = { ...(typeof args[at] === 'object' && args[at] !== null ? args[at] : {}), timeout: REREAD_TIMEOUT_MS };
      const again = await r.read.apply(r.locator, args).then(v => JSON.stringify(v) ?? 'undefined', () => undefined);
      if (again !== undefined && again !== r.answer) said.push(`${String(r.locator)}.${r.name}() read ${cut(r.answer)} ${r.afterMs} ms after ${r.action || 'an action'}; once the page had settled it gave ${cut(again)}`);
    }
    if (!said.length) return [];
    return [`Read before the page had drawn what an action did: ${said.join('. ')}. A read returns what the page shows at that moment: `
      + 'wait for what the action changes first (expect(locator).toHaveText(), toHaveCount()), then read.'];
  }
}

function cut(answer: string): string {
  return answer.length > 120 ? `${answer.slice(0, 119)}…` : answer;
}

/** The worker's one watch on reads made right after an action. */
export const earlyReads = new EarlyReads();
