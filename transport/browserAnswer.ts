// How long the runtime waits for the browser to answer it before it counts the browser as
// unresponsive: a launch or a connection, one of the runtime's own CDP commands, a task
// worker's connection. Chromium answers these in milliseconds; one that has not answered in a
// minute is wedged (a hung browser process, a remote service that stopped reading), and
// waiting longer would leave receipts `queued` and their task's slot held for ever.
//
// Page-level commands (on a page's session) are bounded the same, but only a browser-level one
// going unanswered says the browser itself is gone: a page's renderer busy in a loop delays its
// own session only.
import { numberKnob } from '../contract/environmentKnobs.js';

export const DEFAULT_BROWSER_ANSWER_MS = 60_000;

/**
 * TABWRIGHT_BROWSER_ANSWER_S (seconds, fractions allowed; range-checked in
 * contract/environmentKnobs.ts: past Node's timer limit the bound would fire at once), else a
 * minute. Tests set it low to meet a wedged stand-in browser without waiting a minute.
 */
export function browserAnswerLimitMs(env: NodeJS.ProcessEnv): number {
  return Math.round(numberKnob(env, 'TABWRIGHT_BROWSER_ANSWER_S') * 1000);
}

/** The browser did not answer within the limit; the runtime ends its link to it (a launched one is killed). */
export class BrowserUnresponsive extends Error {
  override name = 'BrowserUnresponsive';
  constructor(readonly waitedFor: string, readonly limitMs: number) {
    super(`The browser did not answer ${waitedFor} within ${limitMs / 1000} s, so the runtime counts it as unresponsive: `
      + 'a launched browser is ended and the next program starts a new one (a connected one is connected to again).');
  }
}
