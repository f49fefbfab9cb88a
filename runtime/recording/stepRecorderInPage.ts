// The page side of the recorder of a person's flow (a recording hand-over). It runs in an
// isolated world the runtime makes in each document of the page on its own CDP session
// (pageRecorder.ts), bundled into one script (scripts/bundle-page-scripts.ts) and started with
// Playwright's InjectedScript class (playwrightInternals/injectedScriptSource.ts). Three rules:
// - Only the person's own input counts: an event the page's scripts dispatched (isTrusted
//   false) is not a step, and the page's scripts cannot reach this world or its binding, the
//   one way out (Runtime.addBinding with the world's name).
// - A secret field's value is never read here: a password, a one-time code, a card number or
//   code (by type, autocomplete, or a label that says so) is sent as "a secret was typed"
//   only, so it cannot reach the runtime, a log, a draft or the view.
// - Steps are what a careful engineer would write, not events: the locator Playwright's codegen
//   would choose for the element (role and name, label, text, test id), a fill with the field's
//   value (not its keys), a select, a check, files, a key that means something (Enter, Escape,
//   arrows). The runtime merges what belongs together (recordedSteps.ts).
import { PAGE_MESSAGE_LIMITS, type PageMessage, type PageTarget, type ProposedCheck, type SecretKind } from './pageMessages.js';

interface InjectedScript {
  generateSelector(element: Element, options: { testIdAttributeName: string; forTextExpect?: boolean }): { selector: string };
  parseSelector(selector: string): unknown;
  querySelectorAll(selector: unknown, root: Node): Element[];
  utils: {
    getAriaRole(element: Element): string | null;
    asLocator(language: 'javascript', selector: string): string;
    getElementAccessibleNameText(element: Element, includeHidden: boolean): string;
    isElementVisible(element: Element): boolean;
    generateAriaTree(root: Element, options: { mode: 'autoexpect' }): { root: unknown };
    findNewElement(from: unknown, to: unknown): Element | undefined;
  };
}
type InjectedScriptClass = new (window: Window, options: Record<string, unknown>) => InjectedScript;

export interface StepRecorderOptions {
  /** The binding the runtime added for this world only. */
  binding: string;
  testIdAttributeName: string;
  /** InjectedScript's own options (injectedScriptOptions). */
  injectedOptions: Record<string, unknown>;
}

export interface StepRecorder {
  propose(): ProposedCheck;
  stop(): void;
}

/** Text fields: a fill sets their value. */
const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);
/** Keys that mean something outside a text field; Tab only moves the focus (the next step names its element). */
const KEYS = new Set(['Enter', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace']);
/** A label that says its field is a secret, whatever the field's type (a "show password" toggle makes it text). */
const SECRET_LABEL = /password|passcode|passphrase|\bpwd\b|\bpin\b|one[- ]?time|\botp\b|\b2fa\b|\bmfa\b|verification code|security code|\bcvc\b|\bcvv\b/i;
const LIVE_REGIONS = '[role=status], [role=alert], [aria-live=polite], [aria-live=assertive], output';

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function startStepRecorder(InjectedScriptClass: InjectedScriptClass, options: StepRecorderOptions): StepRecorder {
  const send = (globalThis as unknown as Record<string, (payload: string) => void>)[options.binding];
  const post = (message: PageMessage) => {
    try {
      send(JSON.stringify(message));
    } catch {
      // The binding was removed: the recording ended.
    }
  };
  const listeners: [string, (event: Event) => void][] = [];
  const on = <E extends Event>(type: string, listener: (event: E) => void) => {
    const wrapped = (event: Event) => {
      try {
        listener(event as E);
      } catch (error) {
        post({ kind: 'skipped', why: `the recorder failed on a ${type}: ${cut(String(error), 200)}` });
      }
    };
    listeners.push([type, wrapped]);
    window.addEventListener(type, wrapped, true);
  };
  const stop = () => {
    for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener, true);
  };

  // A frame's steps would need the frame's locator too: not recorded, but said once.
  if (window.parent !== window) {
    let said = false;
    const skip = (event: Event) => {
      if (!event.isTrusted || said) return;
      said = true;
      post({ kind: 'skipped', why: `something done inside a frame (${cut(location.href, 200)}) was not recorded: frames are not recorded yet` });
    };
    for (const type of ['click', 'input', 'change']) on(type, skip);
    return { propose: () => ({ url: location.href }), stop };
  }

  const injected = new InjectedScriptClass(window, options.injectedOptions);
  const testIdAttributeName = options.testIdAttributeName;
  /** Fields seen as secrets once stay secrets (a "show password" toggle turns one into text). */
  const secretFields = new WeakSet<Element>();
  /** What the page showed when the person last acted: the final check proposes what appeared since. */
  let before: unknown;
  /** When a key press was recorded: the click a form's implicit submission makes then is not a step. */
  let pressedAt = -Infinity;

  const deepTarget = (event: Event): Element | undefined => {
    const first = event.composedPath()[0];
    if (first instanceof Element) return first;
    return first instanceof Node ? first.parentElement ?? undefined : undefined;
  };
  const deepActive = (): Element | undefined => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ?? undefined;
  };
  const isInput = (el: Element): el is HTMLInputElement => el.localName === 'input';
  const isTextField = (el: Element): boolean => {
    if (isInput(el)) return TEXT_INPUT_TYPES.has(el.type);
    if (el.localName === 'textarea') return true;
    return el instanceof HTMLElement && el.isContentEditable;
  };
  const labelOf = (el: Element): string => {
    let name = '';
    try {
      name = injected.utils.getElementAccessibleNameText(el, false);
    } catch {
      // No name: the fallbacks below.
    }
    name ||= el.getAttribute('placeholder') ?? el.getAttribute('name') ?? el.getAttribute('id') ?? '';
    return cut(collapse(name), PAGE_MESSAGE_LIMITS.label);
  };
  const secretOf = (el: Element): SecretKind | undefined => {
    if (!isInput(el) && el.localName !== 'textarea') return undefined;
    const tokens = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
    let kind: SecretKind | undefined;
    if ((isInput(el) && el.type === 'password') || tokens.includes('current-password') || tokens.includes('new-password')) kind = 'password';
    else if (tokens.includes('one-time-code')) kind = 'one-time code';
    else if (tokens.includes('cc-number')) kind = 'card number';
    else if (tokens.includes('cc-csc')) kind = 'card security code';
    else if (secretFields.has(el) || SECRET_LABEL.test(`${labelOf(el)} ${el.getAttribute('name') ?? ''} ${el.id}`)) kind = 'password';
    if (kind) secretFields.add(el);
    return kind;
  };
  const locatorOf = (el: Element, forTextExpect = false): string =>
    injected.utils.asLocator('javascript', injected.generateSelector(el, { testIdAttributeName, ...(forTextExpect ? { forTextExpect } : {}) }).selector);
  const targetOf = (el: Element): PageTarget => ({ locator: locatorOf(el), label: labelOf(el), url: cut(location.href, PAGE_MESSAGE_LIMITS.url) });
  const remember = () => {
    try {
      before = injected.utils.generateAriaTree(document.documentElement, { mode: 'autoexpect' }).root;
    } catch {
      before = undefined;
    }
  };
  /** A click on a label reaches its control as a click of its own (or focuses it): that one is the step. */
  const forwardsToControl = (el: Element): boolean => {
    const label = el.closest('label');
    const control = label?.control;
    return Boolean(control && control !== el && !control.contains(el));
  };
  const isCombobox = (el: Element) => el.getAttribute('role') === 'combobox' || el.hasAttribute('aria-autocomplete') || (isInput(el) && el.hasAttribute('list'));
  /** Elements a key activates with a click of its own (recorded as that click). */
  const isActivatable = (el: Element) => el.matches('button, a[href], summary, [role=button], [role=link], [role=menuitem], [role=option], [role=tab], input[type=submit], input[type=button], input[type=reset], input[type=checkbox], input[type=radio], input[type=image], input[type=file]');

  const fill = (el: Element) => {
    const secret = secretOf(el);
    const inputType = isInput(el) ? el.type : el.localName === 'textarea' ? 'textarea' : 'contenteditable';
    if (secret) {
      // Its value is not read: only that something was typed into it.
      post({ kind: 'fill', target: targetOf(el), secret, inputType });
      return;
    }
    const value = isInput(el) || el.localName === 'textarea' ? (el as HTMLInputElement).value : (el as HTMLElement).innerText;
    post({ kind: 'fill', target: targetOf(el), value: cut(value, PAGE_MESSAGE_LIMITS.value), inputType });
  };

  on<MouseEvent>('click', event => {
    if (!event.isTrusted) return;
    const el = deepTarget(event);
    if (!el) return;
    // The click a recorded key press made (Enter in a form submits it by clicking its button).
    if (event.detail === 0 && performance.now() - pressedAt < 1000) return;
    // A select's clicks only open and close its list: its change is the step.
    if (forwardsToControl(el) || el.closest('select')) return;
    remember();
    const active = deepActive();
    // A click that put the focus in a text field inside what was clicked (a custom combobox's box)
    // is a click on that field: it has the name.
    const focusedField = active && active !== el && isTextField(active) ? active : undefined;
    const acted = focusedField && el.contains(focusedField) ? focusedField : el;
    post({
      kind: 'click', target: targetOf(acted), count: event.detail >= 2 ? 2 : 1,
      ...(focusedField && acted !== focusedField ? { focused: locatorOf(focusedField) } : {}),
    });
  });

  on<InputEvent>('input', event => {
    if (!event.isTrusted) return;
    const el = deepTarget(event);
    // Selects, checkboxes and files say what changed with their change event.
    if (el && isTextField(el)) fill(el);
  });

  on<Event>('change', event => {
    if (!event.isTrusted) return;
    const el = deepTarget(event);
    if (!el) return;
    if (el.localName === 'select') {
      remember();
      const select = el as HTMLSelectElement;
      const label = (option: HTMLOptionElement) => cut(collapse(option.label || option.text), PAGE_MESSAGE_LIMITS.label);
      post({
        kind: 'select', target: targetOf(el), multiple: select.multiple,
        labels: [...select.selectedOptions].map(label).slice(0, PAGE_MESSAGE_LIMITS.options),
        options: [...select.options].filter(option => !option.disabled).map(label).slice(0, PAGE_MESSAGE_LIMITS.options),
      });
    } else if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio')) {
      remember();
      post({ kind: el.checked ? 'check' : 'uncheck', target: targetOf(el) });
    } else if (isInput(el) && el.type === 'file') {
      remember();
      const names = [...(el.files ?? [])].map(file => cut(file.name, PAGE_MESSAGE_LIMITS.label)).slice(0, PAGE_MESSAGE_LIMITS.files);
      post({ kind: 'files', target: targetOf(el), names, multiple: el.multiple });
    } else if (isTextField(el)) {
      // The value as it ended (a page may have reformatted it on blur).
      fill(el);
    }
  });

  on<KeyboardEvent>('keydown', event => {
    if (!event.isTrusted || event.ctrlKey || event.metaKey || event.altKey || event.isComposing || !KEYS.has(event.key)) return;
    const el = deepTarget(event);
    if (!el) return;
    if (isTextField(el)) {
      const field = event.key === 'Enter' || event.key === 'Escape'
        ? !(el.localName === 'textarea' || (el as HTMLElement).isContentEditable)
        : (event.key === 'ArrowUp' || event.key === 'ArrowDown') && isCombobox(el);
      if (!field) return;
    } else if ((event.key === 'Enter' || event.key === ' ') && isActivatable(el)) {
      // Its click is the step.
      return;
    }
    remember();
    pressedAt = performance.now();
    post({ kind: 'press', target: targetOf(el), key: event.key });
  });

  post({ kind: 'document', url: cut(location.href, PAGE_MESSAGE_LIMITS.url) });

  const visible = (el: Element) => {
    try {
      return injected.utils.isElementVisible(el);
    } catch {
      return false;
    }
  };
  const textOf = (el: Element) => cut(collapse((el as HTMLElement).innerText ?? el.textContent ?? ''), PAGE_MESSAGE_LIMITS.checkText);
  /**
   * A check's locator: the page's only status, alert or main heading by its role, as an engineer
   * would name it; else what Playwright's codegen writes for a text assertion.
   */
  const checkLocatorOf = (el: Element): string => {
    const role = injected.utils.getAriaRole(el);
    const byRole = role === 'status' || role === 'alert' ? `internal:role=${role}` : el.localName === 'h1' ? 'internal:role=heading[level=1]' : undefined;
    if (byRole) {
      const found = injected.querySelectorAll(injected.parseSelector(byRole), document);
      if (found.length === 1 && found[0] === el) return injected.utils.asLocator('javascript', byRole);
    }
    return locatorOf(el, true);
  };

  return {
    stop,
    /**
     * The last visible result, for the final check: a status or alert with text, else what
     * appeared since the person last acted, else the main heading, else the URL. A text that
     * holds a secret field's value (still in the page) is never proposed.
     */
    propose(): ProposedCheck {
      const url = cut(location.href, PAGE_MESSAGE_LIMITS.url);
      const secrets = [...document.querySelectorAll('input, textarea')]
        .filter(el => secretOf(el))
        .map(el => (el as HTMLInputElement).value)
        .filter(value => value.length >= 3);
      const usable = (text: string) => text !== '' && !secrets.some(secret => text.includes(secret));
      const candidates: Element[] = [...document.querySelectorAll(LIVE_REGIONS)].filter(visible);
      try {
        const now = injected.utils.generateAriaTree(document.documentElement, { mode: 'autoexpect' }).root;
        const appeared = before === undefined ? undefined : injected.utils.findNewElement(before, now);
        if (appeared && visible(appeared)) candidates.push(appeared);
      } catch {
        // No snapshot: the heading or the URL.
      }
      candidates.push(...[...document.querySelectorAll('h1, [role=heading][aria-level="1"]')].filter(visible));
      for (const el of candidates) {
        const text = textOf(el);
        if (!usable(text)) continue;
        return { locator: checkLocatorOf(el), text, url };
      }
      return { url };
    },
  };
}
