// The receipt's `mutations` as the compact view shows them (what `run` prints by default). The
// stored receipt lists every cause in order (causeList.ts); the model needs what its own program
// text cannot tell it, the weightiest first, so that no cap cuts them behind keystrokes:
// - requests with their status, WebSocket frames and dialogs the program accepted: what left
//   the browser or answered the site;
// - then the rest that is no input of the program's (files given to a file input, setInputFiles
//   too: an upload is always named; profile writes, tool calls, page code, a person's input,
//   what went unobserved);
// - then the program's input as one entry. A succeeded program awaited each of its Playwright
//   actions and each returned, so those are left out (its text says them); what is left (an
//   action whose input reached the page though the call then threw, input no action accounts
//   for, and all of a failed or interrupted program's) is one entry: the action when it is one,
//   else how many and the last (which landed last is what a retry decision needs);
// - when input was all the evidence, an entry says so (INPUT_ONLY): no request other than GET
//   followed it, which an agent weighing `possible` needs (a program that only followed links).
// Repeats are folded, a repeating group too (`(POST /a 201; POST /b 201) ×5`), and the list is
// capped shorter than the stored one. Pure: unit-tested on plain lists.
import type { SequencedCause } from './causeList.js';
import { ACCEPTED_DIALOG } from './mutationCause.js';

/** At most this many entries in the compact view; the last one then says how many more. */
export const MAX_SHOWN = 10;

/** The longest repeating group folded. */
const MAX_PERIOD = 3;

/** The entry that says input was all the evidence: no request other than GET/HEAD/OPTIONS followed it. */
export const INPUT_ONLY = 'input only, no request but GET';

const isDialog = (cause: SequencedCause) => cause.kind === 'input' && cause.text === ACCEPTED_DIALOG;
const isInput = (cause: SequencedCause) => cause.kind === 'input' && !isDialog(cause);
const isWeighty = (cause: SequencedCause) => cause.kind === 'request' || cause.kind === 'websocket' || isDialog(cause);

/** The compact view's `mutations` for a program that `succeeded` or not, from its causes in order. */
export function shownCauseTexts(causes: readonly SequencedCause[], succeeded: boolean): string[] {
  const input = causes.filter(isInput);
  const shownInput = succeeded ? input.filter(cause => !cause.ownAction) : input;
  const texts = [
    ...foldedRepeats(causes.filter(isWeighty).map(cause => cause.text)),
    ...foldedRepeats(causes.filter(cause => !isWeighty(cause) && !isInput(cause)).map(cause => cause.text)),
  ];
  if (shownInput.length) texts.push(inputEntry(shownInput));
  if (causes.length && causes.every(cause => cause.kind === 'input')) texts.push(INPUT_ONLY);
  if (texts.length <= MAX_SHOWN) return texts;
  return [...texts.slice(0, MAX_SHOWN - 1), `… ${texts.length - MAX_SHOWN + 1} more`];
}

/** The program's input as one entry: the action itself when it is one (folded), else how many and the last. */
function inputEntry(input: readonly SequencedCause[]): string {
  const folded = foldedRepeats(input.map(cause => cause.text));
  return folded.length === 1 ? folded[0] : `${input.length} input actions, the last: ${input[input.length - 1].text}`;
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
