// Names for the input a program sends. Playwright's Locator actions are wrapped (by their
// public names, on the class's prototype: playwrightInternals/locatorPrototype.ts) to tell the main thread when each began and ended:
// input the router sees reach the page meanwhile is that action's (causeList.ts), so the
// receipt says `click getByRole('button', { name: 'Create ticket' })` rather than
// `mouse click at (412, 230)`, and a click that timed out before it was dispatched says
// nothing at all. The label never carries a value the program typed.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locator, Page } from 'playwright-core';
import type { WorkerMutations } from './workerMutations.js';
import { wrapLocatorMethods, wrapPrototypeMethods } from '../playwrightInternals/locatorPrototype.js';

/** Actions that reach the page as input events: they count only when input was seen while they ran. */
export const INPUT_ACTIONS = ['click', 'dblclick', 'tap', 'hover', 'press', 'type', 'dragTo'] as const;
/**
 * Actions that can set a value without any input event (fill on a date input, a select's
 * option, a synthetic event, files): they count once they complete. `clear`, `setChecked` and
 * `pressSequentially` call the ones here, so they are named by those.
 */
export const VALUE_ACTIONS = ['fill', 'selectOption', 'setInputFiles', 'dispatchEvent', 'check', 'uncheck'] as const;

/** Set while a wrapped action runs in this async chain: the actions it calls are part of it. */
const running = new AsyncLocalStorage<true>();

/** Wraps the actions of Playwright's Locator class (locatorPrototype.ts); idempotent. */
export function watchActions(locator: Locator, mutations: WorkerMutations, targetIdOf: (page: Page) => string | undefined): void {
  wrapLocatorMethods(locator, 'action windows', [...INPUT_ACTIONS, ...VALUE_ACTIONS], (original, name) => {
    const countsOnCompletion = (VALUE_ACTIONS as readonly string[]).includes(name);
    return function (this: Locator, ...args: unknown[]) {
      if (running.getStore()) return original.apply(this, args);
      return asAction(mutations, mutations.actionStarted(label(name, this, args), countsOnCompletion, targetIdOf(this.page())), () => original.apply(this, args));
    };
  });
}

/** Runs one action of the program (`id`, as started), the calls it makes part of it, and says when it ended and whether it completed. */
function asAction(mutations: WorkerMutations, id: number, call: () => Promise<unknown>): Promise<unknown> {
  return running.run(true, async () => {
    let completed = false;
    try {
      const result = await call();
      completed = true;
      return result;
    } finally {
      mutations.actionEnded(id, completed);
    }
  });
}

/** What a program sends through `page.keyboard`, `page.mouse` and `page.touchscreen`: each call is one action, named by its method. */
export const DEVICE_ACTIONS = {
  keyboard: ['down', 'up', 'insertText', 'type', 'press'],
  mouse: ['click', 'dblclick', 'down', 'up', 'move', 'wheel'],
  touchscreen: ['tap'],
} as const;

/** Each device's page, for the action's page (the wrapper is on the class, shared by every page's device). */
const deviceOwners = new WeakMap<object, Page>();

/** The page a keyboard, mouse or touchscreen belongs to, once watchInputDevices has seen it. */
export function deviceOwner(device: object): Page | undefined {
  return deviceOwners.get(device);
}

/**
 * Wraps Playwright's Keyboard, Mouse and Touchscreen classes as the Locator's actions are:
 * `keyboard.type('hello world')` is one entry in `mutations` (`keyboard.type`), never one per
 * key (`typed a character ×5`, `key Space`, ...). A press names its key when it is a named one
 * (`keyboard.press Control+End`); the text typed is never shown. Idempotent; `page` is any of
 * the context's pages (the classes are patched once), each later page is known by its devices.
 */
export function watchInputDevices(page: Page, mutations: WorkerMutations, targetIdOf: (page: Page) => string | undefined): void {
  const own = (p: Page) => { for (const device of [p.keyboard, p.mouse, p.touchscreen]) deviceOwners.set(device, p); };
  for (const p of page.context().pages()) own(p);
  page.context().on('page', own);
  for (const kind of Object.keys(DEVICE_ACTIONS) as (keyof typeof DEVICE_ACTIONS)[]) {
    wrapPrototypeMethods(page[kind] as object, 'action windows', DEVICE_ACTIONS[kind], (original, name) => function (this: object, ...args: unknown[]) {
      if (running.getStore()) return original.apply(this, args);
      const owner = deviceOwners.get(this);
      return asAction(mutations, mutations.actionStarted(deviceLabel(kind, name, args), false, owner && targetIdOf(owner)), () => original.apply(this, args));
    });
  }
}

/** `keyboard.press End`, `keyboard.type`, `mouse.click (120, 340)`: a key only when it is named (one character may be a password's). */
function deviceLabel(kind: string, name: string, args: unknown[]): string {
  const [first, second] = args;
  if (kind === 'keyboard' && (name === 'press' || name === 'down' || name === 'up') && typeof first === 'string' && first.length > 1) return `keyboard.${name} ${first}`;
  if (kind !== 'keyboard' && typeof first === 'number' && typeof second === 'number' && name !== 'wheel') return `${kind}.${name} (${Math.round(first)}, ${Math.round(second)})`;
  return `${kind}.${name}`;
}

/** `click getByRole(...)`, `press getByLabel('Search') Enter`, `dragTo getByText('Card') → getByText('Done')`. */
function label(name: string, locator: Locator, args: unknown[]): string {
  const target = String(locator);
  if (name === 'press' && typeof args[0] === 'string' && args[0].length > 1) return `press ${target} ${args[0]}`;
  if (name === 'dispatchEvent' && typeof args[0] === 'string') return `dispatchEvent ${target} ${args[0]}`;
  if (name === 'dragTo' && args[0] && typeof args[0] === 'object') return `dragTo ${target} → ${String(args[0])}`;
  return `${name} ${target}`;
}
