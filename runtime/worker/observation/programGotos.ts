// The URLs the running program asked for with `goto` (a page's or a frame's). observe() leaves a
// page's URL out of its header line when it is one of them: the program's author wrote that URL
// a line earlier, and the model pays for every byte it reads back (the compact receipt leaves
// out such navigations for the same reason). A redirect, a click or anything else that moved
// the page shows its URL as before.
import type { Frame } from 'playwright-core';
import { normalised } from '../../receipts/requestedNavigations.js';

type Goto = (this: Frame, url: string, ...rest: unknown[]) => Promise<unknown>;

const wrapped = new WeakSet<object>();

export class ProgramGotos {
  private readonly urls = new Set<string>();

  /** Wraps Playwright's Frame.goto (its prototype, found from any frame; page.goto calls it); once per prototype. */
  watch(frame: Frame): void {
    const prototype = Object.getPrototypeOf(frame) as { goto: Goto };
    if (wrapped.has(prototype)) return;
    wrapped.add(prototype);
    const original = prototype.goto;
    const urls = this.urls;
    prototype.goto = function (this: Frame, url: string, ...rest: unknown[]) {
      if (typeof url === 'string') urls.add(normalised(url));
      return original.call(this, url, ...rest);
    };
  }

  /** A new program starts with none: its receipt is read by whoever wrote its own gotos. */
  begin(): void {
    this.urls.clear();
  }

  /** Whether this program asked a page or frame to load `url`. */
  asked(url: string): boolean {
    return this.urls.has(normalised(url));
  }
}
