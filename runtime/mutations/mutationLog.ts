// A task's record of what may have changed the world during its current program: the
// causes its witnesses recorded (the CDP evidence, the worker, and whatever records through
// MutationRecorder), the input the router saw and the actions the worker ran. It decides the
// program's mutationState (`possible` from the first cause on), its `mutations` list, and what
// the compact view of its receipt lists (shownMutations.ts).
import type { MutationState } from '../../contract/receipt.js';
import type { MutationCause, MutationRecorder } from './mutationCause.js';
import { causeTexts, namedCauses, type ActionWindow, type InputEvidence, type SequencedCause } from './causeList.js';
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

  /** Starts observing a new program. */
  begin(): void {
    this.causes = [];
    this.inputs = [];
    this.actions.clear();
    this.isObserving = true;
  }

  /** The program's receipt is final: what happens from now on is no program's doing. */
  end(): void {
    this.isObserving = false;
    this.onPossible = undefined;
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
