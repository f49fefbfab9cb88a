// Dialogs a web component draws (Fluent UI's, Shoelace's): the element with the dialog role is in
// the component's shadow root and shows the host's own children through <slot>s. The accessibility
// tree, and so observe(), puts those children inside the dialog; locators search the DOM, where
// they are the host's: getByRole('dialog').getByRole('button') finds none of them and
// filter({ hasText }) reads none of their text (site 29's trial). Asked by ref, for the dialogs a
// view shows (most views: none), in Playwright's utility world where the refs live.
import type { Page } from 'playwright-core';

/** Dialogs asked about at most per view, each a round trip. */
const MAX_DIALOGS = 3;
const SLOT_TIMEOUT_MS = 1000;

/**
 * In the page: for a dialog in a shadow root whose slots show elements or text, a locator of its
 * host (`page.locator('sl-dialog')`), else null. Self-contained: it is sent to the page as text.
 */
export function slotHostInPage(dialog: Element): string | null {
  const root = dialog.getRootNode();
  if (!(root instanceof ShadowRoot)) return null;
  const shows = (n: Node) => n.nodeType === Node.ELEMENT_NODE || (n.textContent ?? '').trim() !== '';
  if (![...dialog.querySelectorAll('slot')].some(slot => slot.assignedNodes({ flatten: true }).some(shows))) return null;
  const host = root.host;
  const quoted = (selector: string) => `page.locator('${selector.replace(/['\\]/g, '\\$&')}')`;
  if (document.querySelectorAll(host.localName).length <= 1) return quoted(host.localName);
  if (host.id && document.querySelectorAll(`#${CSS.escape(host.id)}`).length === 1) return quoted(`#${CSS.escape(host.id)}`);
  return `${quoted(host.localName)}.filter({ visible: true })`;
}

/** By the dialog's ref: the locator of the host whose children it shows through slots. */
export async function slottedHosts(page: Page, refs: readonly string[]): Promise<Map<string, string>> {
  const hosts = new Map<string, string>();
  await Promise.all(refs.slice(0, MAX_DIALOGS).map(async ref => {
    const host = await page.locator(`aria-ref=${ref}`).evaluate(slotHostInPage, undefined, { timeout: SLOT_TIMEOUT_MS }).catch(() => null);
    if (typeof host === 'string' && /^page\.locator\('[^\n]{1,200}$/.test(host)) hosts.set(ref, host);
  }));
  return hosts;
}

/** The mark of a dialog showing a web component's children through slots: locators inside the dialog miss them. */
export function slottedMark(role: string, host: string | undefined | ''): string {
  return host ? ` [its content is slotted in: locators inside getByRole('${role}') miss it; scope with ${host}]` : '';
}
