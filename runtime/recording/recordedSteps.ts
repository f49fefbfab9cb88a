// The steps of one recording as a careful engineer would write them, from the page's messages:
// typing is one fill with the field's last value, a click that only put the focus in a field
// (or opened a select, or ticked a box) gives way to the step that says what changed there, and
// a second click on the same element makes it a double click. Each step that takes a value
// (what the person typed, chose or uploaded) is a named parameter, named after its field's
// label until the person renames it; the person may remove any step before Done. Pure.
import type { PageMessage, SecretKind } from './pageMessages.js';
import { parameterNameFrom } from './parameterNames.js';

export type StepAction =
  | { kind: 'goto'; url: string }
  | { kind: 'click'; locator: string; count: 1 | 2; focused?: string }
  /** `value` absent for a secret: it never left the page. */
  | { kind: 'fill'; locator: string; value?: string; secret?: SecretKind; inputType: string }
  | { kind: 'select'; locator: string; labels: string[]; options: string[]; multiple: boolean }
  | { kind: 'check' | 'uncheck'; locator: string }
  | { kind: 'files'; locator: string; names: string[]; multiple: boolean }
  | { kind: 'press'; locator: string; key: string }
  /** The person's answer to a dialog the step after it opens (a prompt's text is a parameter). */
  | { kind: 'dialog'; dialog: 'alert' | 'confirm' | 'prompt' | 'beforeunload'; accept: boolean; text?: string };

export interface RecordedStep {
  /** Stable for the recording's life: the view removes and renames by it. */
  readonly id: number;
  action: StepAction;
  /** The element's label, as the page named it. */
  label: string;
  /** The document it happened in (its host is one of the playbook's sites). */
  url: string;
  /** The parameter's name, for a step that takes a value. */
  param?: string;
}

/** The person asked for something a recording cannot do (a name taken, a step gone). */
export class RecordingEditError extends Error {
  override name = 'RecordingEditError';
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MAX_NAME = 60;
/** Steps one recording keeps at most: a flow, not a session of hours. */
export const MAX_STEPS = 500;

const takesValue = (action: StepAction): boolean =>
  action.kind === 'fill' || action.kind === 'select' || action.kind === 'files' || (action.kind === 'dialog' && action.text !== undefined);
const locatorOf = (action: StepAction): string | undefined => (action.kind === 'goto' || action.kind === 'dialog' ? undefined : action.locator);

export class RecordedSteps {
  private steps: RecordedStep[] = [];
  private nextId = 1;

  list(): readonly RecordedStep[] {
    return this.steps;
  }

  /** Takes one checked message from the page; true when the steps changed. */
  add(message: PageMessage): boolean {
    switch (message.kind) {
      case 'skipped':
        return false;
      case 'document':
        // The first document the recorder saw opens the playbook; later ones follow from the steps.
        if (this.steps.length) return false;
        return this.push({ kind: 'goto', url: message.url }, '', message.url);
      case 'click': {
        const last = this.steps.at(-1);
        if (message.count === 2 && last?.action.kind === 'click' && last.action.locator === message.target.locator) {
          last.action = { ...last.action, count: 2 };
          return true;
        }
        return this.push({ kind: 'click', locator: message.target.locator, count: 1, ...(message.focused ? { focused: message.focused } : {}) }, message.target.label, message.target.url);
      }
      case 'press':
        return this.push({ kind: 'press', locator: message.target.locator, key: message.key }, message.target.label, message.target.url);
      case 'fill':
        return this.change({ kind: 'fill', locator: message.target.locator, inputType: message.inputType, ...(message.secret ? { secret: message.secret } : { value: message.value ?? '' }) }, message.target.label, message.target.url);
      case 'select':
        return this.change({ kind: 'select', locator: message.target.locator, labels: message.labels, options: message.options, multiple: message.multiple }, message.target.label, message.target.url);
      case 'files':
        return this.change({ kind: 'files', locator: message.target.locator, names: message.names, multiple: message.multiple }, message.target.label, message.target.url);
      case 'check':
      case 'uncheck':
        return this.change({ kind: message.kind, locator: message.target.locator }, message.target.label, message.target.url);
    }
  }

  /**
   * A field's new value (or state): the same field's last step takes it; a click just before
   * that only focused or opened this field gives way to it.
   */
  private change(action: StepAction, label: string, url: string): boolean {
    const locator = locatorOf(action)!;
    const last = this.steps.at(-1);
    const sameField = last && locatorOf(last.action) === locator;
    if (last && sameField && (last.action.kind === action.kind || ((action.kind === 'check' || action.kind === 'uncheck') && (last.action.kind === 'check' || last.action.kind === 'uncheck')))) {
      last.action = action;
      // A field that turned out to be a secret (its label said so late) keeps no name it had from a value.
      return true;
    }
    if (last?.action.kind === 'click' && (last.action.locator === locator || last.action.focused === locator)) this.steps.pop();
    return this.push(action, label, url);
  }

  /**
   * The person answered a dialog: its handler goes before the step that opened it (the last
   * step, a navigation too: the page's script is stopped in the dialog until it is answered),
   * as Playwright's handlers are set before the action.
   */
  addDialog(dialog: Extract<StepAction, { kind: 'dialog' }>['dialog'], accept: boolean, text: string | undefined, message: string, url: string): boolean {
    const action: StepAction = { kind: 'dialog', dialog, accept, ...(text !== undefined ? { text } : {}) };
    const last = this.steps.at(-1);
    const at = last && last.action.kind !== 'dialog' ? this.steps.length - 1 : this.steps.length;
    return this.push(action, message, url, at);
  }

  private push(action: StepAction, label: string, url: string, at = this.steps.length): boolean {
    if (this.steps.length >= MAX_STEPS) return false;
    const step: RecordedStep = { id: this.nextId++, action, label, url };
    const fallback = action.kind === 'fill' && action.secret ? 'password' : action.kind === 'dialog' ? 'answer' : 'value';
    if (takesValue(action)) step.param = parameterNameFrom(label, fallback, this.names());
    this.steps.splice(at, 0, step);
    return true;
  }

  private names(except?: RecordedStep): Set<string> {
    return new Set(this.steps.filter(step => step !== except && step.param).map(step => step.param!));
  }

  remove(id: number): void {
    const at = this.steps.findIndex(step => step.id === id);
    if (at < 0) throw new RecordingEditError(`There is no step ${id} (any more).`);
    this.steps.splice(at, 1);
  }

  rename(id: number, name: string): void {
    const step = this.steps.find(s => s.id === id);
    if (!step) throw new RecordingEditError(`There is no step ${id} (any more).`);
    if (!step.param) throw new RecordingEditError(`Step ${id} takes no value, so it has no parameter to name.`);
    if (!IDENTIFIER.test(name) || name.length > MAX_NAME) throw new RecordingEditError(`${JSON.stringify(name)} cannot name a parameter: use letters, digits and _ (not first a digit), at most ${MAX_NAME} characters, e.g. expenseDate.`);
    if (this.names(step).has(name)) throw new RecordingEditError(`Another step's parameter is named ${name} already: give each its own name.`);
    step.param = name;
  }
}
