// The receipt's `mutations` as the compact view shows them (what `run` prints by default). The
// stored receipt lists every cause (causeList.ts); the model needs what its own program text
// cannot tell it:
// - a succeeded program awaited each of its Playwright actions and each returned, so listing
//   `click getByRole('button', { name: 'Next month' }) ×6` repeats its text back. Left out.
//   Kept: requests with their status, input no action accounts for (page.mouse, a dialog), an
//   action whose input reached the page though the call then threw (a caught error), files
//   given to a file input (setInputFiles too: an upload is always named), profile writes, a
//   person's input, tool calls, and what went unobserved.
// - a failed or interrupted program: everything, its own actions too (which of them landed
//   before it stopped is the evidence a retry decision needs).
// Then repeats are folded, a repeating group too (`(click …; POST /api/cart 201) ×5`), and the
// list is capped shorter than the stored one. Pure: unit-tested on plain lists.
import type { SequencedCause } from './causeList.js';

/** At most this many entries in the compact view; the last one then says how many more. */
export const MAX_SHOWN = 10;

/** The longest repeating group folded: an action and the requests it sends. */
const MAX_PERIOD = 3;

/** The compact view's `mutations` for a program that `succeeded` or not, from its causes in order. */
export function shownCauseTexts(causes: readonly SequencedCause[], succeeded: boolean): string[] {
  const texts = (succeeded ? causes.filter(cause => !(cause.ownAction && cause.kind === 'input')) : causes).map(cause => cause.text);
  const folded = foldedRepeats(texts);
  if (folded.length <= MAX_SHOWN) return folded;
  return [...folded.slice(0, MAX_SHOWN - 1), `… ${folded.length - MAX_SHOWN + 1} more`];
}

/**
 * Runs of one entry or of one group of up to MAX_PERIOD entries, folded with their count:
 * `a a a b c b c` → `a ×3`, `(b; c) ×2`. Of the groups that repeat at a place, the one covering
 * most entries wins (the shorter one on a tie), so order is kept and nothing is merged across.
 */
export function foldedRepeats(texts: readonly string[]): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < texts.length) {
    let best = { period: 1, times: 1 };
    for (let period = 1; period <= MAX_PERIOD; period++) {
      let times = 1;
      while (at + (times + 1) * period <= texts.length && repeats(texts, at, at + times * period, period)) times++;
      if (times > 1 && times * period > best.times * best.period) best = { period, times };
    }
    const group = texts.slice(at, at + best.period);
    const text = best.period === 1 ? group[0] : `(${group.join('; ')})`;
    out.push(best.times > 1 ? `${text} ×${best.times}` : text);
    at += best.period * best.times;
  }
  return out;
}

/** Whether the `period` entries from `later` are those from `first`. */
function repeats(texts: readonly string[], first: number, later: number, period: number): boolean {
  for (let i = 0; i < period; i++) if (texts[first + i] !== texts[later + i]) return false;
  return true;
}
