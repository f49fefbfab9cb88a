// A task's record of what may have changed the world during its current program: the
// causes its witnesses recorded (the CDP evidence, the worker, and whatever records through
// MutationRecorder), the input the router saw and the actions the worker ran. It decides the
// program's mutationState (`possible` from the first cause on), its `mutations` list, and what
// the compact view of its receipt lists (shownMutations.ts).
//
// And what the task's pages sent after a receipt was final (a debounced Save's POST, a page's
// own timer): a request or WebSocket frame heard between programs is no program's doing, yet
// an agent deciding whether to retry must hear of it. It is kept against the receipt it
// followed (`since`): that stored receipt is amended as it comes (onLater: `laterMutations`,
// mutationState `possible`), and the task's next receipt lists it (`deferredMutations`).
import type { MutationState } from '../../contract/receipt.js';
import type { MutationCause, MutationRecorder } from './mutationCause.js';
import { causeTexts, MAX_MUTATIONS, namedCauses, type ActionWindow, type InputEvidence, type SequencedCause } from './causeList.js';
import { shownCauseTexts } from './shownMutations.js';
import { switchKnob } from '../../contract/environmentKnobs.js';

/** Kept per program at most; past it the state is already `possible` and the list capped. */
const MAX_KEPT = 500;

export class MutationLog implements MutationRecorder {
  /** Called once per program, the first time a mutation becomes possible (to persist it). */
  onPossible?: () => void;
  private causes: SequencedCause[] = [];
  /** Order of arrival across causes and input. */
  private seq = 0;
  private inputs: InputEvidence[] = [];
  private readonly actions = new Map<number, ActionWindow>();
  private isObserving = false;
  /** The request id of the last program whose receipt is final: what the pages send now follows it. */
  private since?: string;
  /** What the pages sent after a receipt was final, not yet in a later receipt, by the receipt it followed. */
  private later: { since: string; cause: MutationCause }[] = [];
  /** What onLater was last told, so an unchanged list is not written again. */
  private lastTold?: string;
  /** Called each time what followed the receipt `since` grows or changes (to amend that stored receipt). */
  onLater?: (since: string, texts: string[]) => void;

  /** Starts observing a new program. */
  begin(): void {
    this.causes = [];
    this.inputs = [];
    this.actions.clear();
    this.isObserving = true;
  }

  /** The program's receipt is final: what happens from now on is no program's doing, but follows its receipt. */
  end(requestId?: string): void {
    this.isObserving = false;
    this.onPossible = undefined;
    this.onLater = undefined;
    this.since = requestId;
  }

  /**
   * A request or frame a page sent while no program ran (or the answer to one: `update`, which
   * changes only an entry already kept). Before any receipt it follows none and is dropped.
   */
  recordLater(cause: MutationCause, update = false): void {
    const earlier = cause.key === undefined ? undefined : this.later.find(l => l.cause.key === cause.key);
    if (earlier) earlier.cause = { ...earlier.cause, text: cause.text };
    else if (update || this.since === undefined || this.later.length >= MAX_KEPT) return;
    else this.later.push({ since: this.since, cause: { ...cause, at: cause.at ?? Date.now() } });
    const since = earlier?.since ?? this.since!;
    const texts = this.laterTexts(since);
    // Each change is a write of the stored receipt: a socket's every frame, or a beacon past the cap, is none.
    const told = JSON.stringify([since, texts]);
    if (told === this.lastTold) return;
    this.lastTold = told;
    this.onLater?.(since, texts);
  }

  /** What followed the receipt `since`, as that receipt lists it (`laterMutations`). */
  private laterTexts(since: string): string[] {
    return causeTexts(this.later.filter(l => l.since === since).map(l => l.cause));
  }

  /** What the pages sent after earlier receipts, for the receipt being finished now (`deferredMutations`); told once. */
  takeDeferred(): { since: string; text: string }[] {
    const taken = this.later.splice(0);
    const out: { since: string; text: string }[] = [];
    for (const since of new Set(taken.map(l => l.since)))
      for (const text of causeTexts(taken.filter(l => l.since === since).map(l => l.cause))) out.push({ since, text });
    return out.slice(0, MAX_MUTATIONS);
  }

  /** Whether a program is being observed (what happens between programs is no program's doing). */
  get observing(): boolean {
    return this.isObserving;
  }

  get state(): MutationState {
    return this.causes.length || this.inputs.length || [...this.actions.values()].some(countsNow) ? 'possible' : 'none';
  }

  /** The receipt's `mutations`: what was observed, in order, capped; empty when nothing was. */
  texts(): string[] {
    return causeTexts(this.named());
  }

  /** What the compact view lists of the program's receipt, which depends on whether it `succeeded`. */
  shown(succeeded: boolean): string[] {
    return shownCauseTexts(this.named(), succeeded);
  }

  private named(): SequencedCause[] {
    return namedCauses(this.causes, this.inputs, [...this.actions.values()]);
  }

  record(cause: MutationCause): void {
    if (!this.isObserving) return;
    const stamped = { ...cause, at: cause.at ?? Date.now(), seq: this.seq++ };
    if (stamped.key !== undefined) {
      const earlier = this.causes.find(c => c.key === stamped.key);
      // Same place in the list, news in the text (a request's status once it is answered).
      if (earlier) return void (earlier.text = stamped.text);
    }
    if (this.causes.length < MAX_KEPT) this.causes.push(stamped);
    this.noted();
  }

  /** Input the router saw reach a page. */
  input(evidence: InputEvidence): void {
    if (!this.isObserving) return;
    if (this.inputs.length < MAX_KEPT) this.inputs.push({ ...evidence, seq: this.seq++ });
    this.noted();
  }

  /** A Playwright action began (the worker's word, for naming input). */
  actionStarted(action: Omit<ActionWindow, 'end' | 'completed'>): void {
    if (!this.observing || this.actions.size >= MAX_KEPT) return;
    this.actions.set(action.id, { ...action });
  }

  /** It ended; `completed` when it did not throw. */
  actionEnded(id: number, at: number, completed: boolean): void {
    const action = this.actions.get(id);
    if (!this.observing || !action) return;
    action.end = at;
    action.completed = completed;
    if (countsNow(action)) this.noted();
  }

  private noted(): void {
    const first = this.onPossible;
    this.onPossible = undefined;
    first?.();
    if (switchKnob(process.env, 'TABWRIGHT_DEBUG_MUTATIONS') === true) process.stderr.write(`${new Date().toISOString()} mutations: ${this.texts().join('; ')}\n`);
  }
}

/** An action that sets a value without input events counts once it completed. */
function countsNow(action: ActionWindow): boolean {
  return action.countsOnCompletion && action.completed === true;
}
