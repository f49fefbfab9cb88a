// Content a web component shows through <slot>s: its element with the role is in the component's
// shadow root, and what a person reads there is the host's own children. The accessibility tree,
// and so observe(), puts those children inside it; locators search the DOM, where they are the
// host's, and Playwright's text matchers do not follow slots.
// - Dialogs (Fluent UI's, Shoelace's): getByRole('dialog').getByRole('button') finds none of them
//   and filter({ hasText }) reads none of their text (site 29's trial). Asked by ref, for the
//   dialogs a view shows (most views: none), in Playwright's utility world where the refs live.
// - Grids (Vaadin Grid's cells): filter({ hasText }) on a row and toHaveText on a cell read nothing
//   (site 31's trial); a row's and a cell's accessible names hold the text. The page's facts say
//   which tables (pageFacts.ts, slottedFrom); the note is here.
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

/** What a grid whose cells show `host`'s children through slots says: how to match its rows and read its cells. */
export function slottedCellsNote(host: string, firstCell: string | undefined): string {
  const tag = /^[a-z][a-z0-9-]{0,60}$/.test(host) ? ` from <${host}>` : '';
  const text = (firstCell ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
  const example = text ? `/${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/` : '/…/';
  return `its cells' text is slotted in${tag}: filter({ hasText }) and toHaveText on its rows and cells read none of it; `
    + `find a row by name, getByRole('row', { name: ${example} }), and check a cell with toHaveAccessibleName`;
}
