// The receipt's `mutations`: what was observed, in order, named the way the program would
// name it. Input is seen twice: the router sees Input.dispatch* reach a page (the evidence),
// and the worker says when each Playwright action began and ended (the name). An action is
// listed when input reached its page while it ran, so a click that timed out before it was
// dispatched is not (page.keyboard, page.mouse and page.touchscreen calls are actions too:
// `keyboard.type`); input no action accounts for (a CDP session) is listed as the protocol says it. Pure: unit-tested on plain lists.
import type { MutationCause } from './mutationCause.js';

/** Input the router saw a client send to a page (or files given to a file input). */
export interface InputEvidence {
  at: number;
  /** Order of arrival, for what happened within one millisecond. */
  seq?: number;
  /** The top-level page the input went to. */
  page?: string;
  kind: 'input' | 'upload';
  /**
   * How the protocol says it, for input no action accounts for: `mouse click at (120, 340)`.
   * Unset for the rest of one gesture (a mouse release after its press): not listed on its own.
   */
  text?: string;
}

/** One Playwright action of the program, as the worker reported it. */
export interface ActionWindow {
  id: number;
  /** `click getByRole('button', { name: 'Create ticket' })`. */
  label: string;
  begin: number;
  /** Unset while it runs (or when the worker ended under it). */
  end?: number;
  /** The top-level page it acted on, when the worker knew it. */
  page?: string;
  /** It sets a value without input events (fill on a date input, selectOption, dispatchEvent): counts once it completed. */
  countsOnCompletion: boolean;
  completed?: boolean;
}

/** At most this many entries; the last one says how many more there were. */
export const MAX_MUTATIONS = 20;

/**
 * A cause with its order of arrival (the log numbers what it is told). `ownAction`: a
 * Playwright action of the program that completed (it returned, so the program awaited it
 * happening); the compact view of a succeeded program leaves those out (compactMutations.ts).
 */
export type SequencedCause = MutationCause & { seq?: number; ownAction?: true };

/** Every cause, input named by the action it belongs to, in the order it happened. */
export function namedCauses(causes: readonly SequencedCause[], inputs: readonly InputEvidence[], actions: readonly ActionWindow[]): SequencedCause[] {
  const out: SequencedCause[] = [...causes];
  const owned = new Map<ActionWindow, InputEvidence[]>();
  for (const input of inputs) {
    const action = ownerOf(input, actions);
    if (action) owned.set(action, [...(owned.get(action) ?? []), input]);
    else if (input.text) out.push({ kind: input.kind, text: input.text, at: input.at, seq: input.seq });
  }
  for (const action of actions) {
    const own = owned.get(action);
    const ownAction = action.completed ? { ownAction: true as const } : {};
    if (own) out.push({ kind: own.some(i => i.kind === 'upload') ? 'upload' : 'input', text: action.label, at: own[0].at, seq: own[0].seq, ...ownAction });
    else if (action.countsOnCompletion && action.completed) out.push({ kind: 'input', text: action.label, at: action.end ?? action.begin, ...ownAction });
  }
  return out.sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * The action an input belongs to: one running on its page when it was sent. Of several (lanes
 * acting on one page at once), the one that ended soonest after it: an action ends right after
 * its input is dispatched, while one still waiting for its element goes on until its timeout.
 */
function ownerOf(input: InputEvidence, actions: readonly ActionWindow[]): ActionWindow | undefined {
  let best: ActionWindow | undefined;
  for (const action of actions) {
    if (input.at < action.begin || input.at > (action.end ?? Infinity)) continue;
    if (action.page !== undefined && input.page !== undefined && input.page !== action.page) continue;
    if (!best || (action.end ?? Infinity) < (best.end ?? Infinity) || ((action.end ?? Infinity) === (best.end ?? Infinity) && action.begin > best.begin)) best = action;
  }
  return best;
}

/** The texts as the receipt lists them: repeats folded (`mouse move ×12`), capped at MAX_MUTATIONS. */
export function causeTexts(causes: readonly MutationCause[]): string[] {
  const folded: { text: string; count: number }[] = [];
  for (const cause of causes) {
    const last = folded[folded.length - 1];
    if (last && last.text === cause.text) last.count++;
    else folded.push({ text: cause.text, count: 1 });
  }
  const texts = folded.map(f => (f.count > 1 ? `${f.text} ×${f.count}` : f.text));
  if (texts.length <= MAX_MUTATIONS) return texts;
  return [...texts.slice(0, MAX_MUTATIONS - 1), `… ${texts.length - MAX_MUTATIONS + 1} more`];
}
