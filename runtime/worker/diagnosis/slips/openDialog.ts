// A program that ends right after a click that opened a confirm box has done nothing yet: the
// delete waits for its answer. Site 22's agent returned after the click, read the list, found the
// row still there and only then saw the box. So a program whose last call was a click, and that
// succeeded within a second of it, is told of a dialog open on its page: its text and buttons, as
// the page wrote them (untrusted text, quoted and cut, like a view's).
import type { Page } from 'playwright-core';
import { bounded } from '../readLimit.js';

/** The program ended this soon after its last click: nothing after the click looked at what it opened. */
const RIGHT_AFTER_MS = 1000;
const MAX_TEXT = 160;
const MAX_BUTTONS = 4;
/** The read's limit: a page whose script never yields after the click holds the succeeded program's receipt no longer. */
const READ_TIMEOUT_MS = 2000;

export interface OpenDialog { text: string; buttons: string[] }

/** In the page: the last shown dialog (a <dialog open>, role dialog or alertdialog) that has buttons. Self-contained: sent as text. */
export const openDialogInPage = (maxText: number): OpenDialog | null => {
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    for (let e: Element | null = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    }
    return true;
  };
  const dialogs = [...document.querySelectorAll('dialog[open], [role=dialog], [role=alertdialog]')].filter(shown);
  const dialog = dialogs[dialogs.length - 1] as HTMLElement | undefined;
  if (!dialog) return null;
  const buttons = [...dialog.querySelectorAll('button, [role=button], input[type=submit], input[type=button]')].filter(shown)
    .map(b => ((b as HTMLElement).innerText || (b as HTMLInputElement).value || b.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (!buttons.length) return null;
  // Its words but the buttons' (said apart), each text node apart: a person reads them as words, not run together.
  const words: string[] = [];
  let length = 0;
  const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('button, [role=button], script, style') || !shown(parent)) continue;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) words.push(text);
    length += text.length + 1;
    if (length > maxText) break;
  }
  return { text: words.join(' ').slice(0, maxText), buttons };
};

/** The program's last action (its label, when it ended) and its last call: a click last of all is one nothing checked. */
export interface LastClick { label: string; endedAt: number; lastCall?: string }

/** Calls that click: the program's last call was the click itself (no expect, read or observe after it). */
const CLICKS = /\.(click|dblclick|tap)$/;

/** The hint for a dialog left open by the program's last click, or none. `read` runs openDialogInPage in the runtime's world of the page. */
export async function dialogLeftOpen(page: Page, last: LastClick, read: (page: Page, maxText: number) => Promise<OpenDialog | null>): Promise<string[]> {
  if (!last.label.startsWith('click') || !CLICKS.test(last.lastCall ?? '') || Date.now() - last.endedAt > RIGHT_AFTER_MS || page.isClosed()) return [];
  const open = await bounded(read(page, MAX_TEXT), READ_TIMEOUT_MS);
  if (!open) return [];
  const buttons = open.buttons.slice(0, MAX_BUTTONS).map(b => JSON.stringify(b.slice(0, 40))).join(', ');
  return [`The program ended right after ${last.label} with a dialog open on its page: ${JSON.stringify(open.text)} (buttons ${buttons}). `
    + 'If it asks to confirm what the click began, nothing is done until it is answered: confirm in the same program as the click, then expect the outcome.'];
}
