// A scoped view shows its part of the page only: a dialog opened elsewhere, or the popup of a
// control inside the scope drawn at the end of <body> (a booking form's date field and its
// calendar), was in no line of it, and `observe(form, { since: 'last' })` after the click said
// "no changes". Such popups are named in one line under the header, for a whole view to show.
import type { Locator } from 'playwright-core';

/** Popups named at most, and how long the page may take to say. */
const MAX_POPUPS = 3;
const POPUPS_TIMEOUT_MS = 1000;

/** The line for popups open outside a scoped view, or undefined when there are none (or the page could not say). */
export async function popupsOutsideLine(scope: Locator): Promise<string | undefined> {
  const popups = await scope.evaluate(popupsOutsideInPage, MAX_POPUPS, { timeout: POPUPS_TIMEOUT_MS }).catch(() => []);
  const named = Array.isArray(popups) ? popups.filter((p): p is string => typeof p === 'string').slice(0, MAX_POPUPS) : [];
  return named.length ? `(open outside this scope: ${named.join('; ')}; observe() shows ${named.length === 1 ? 'it' : 'them'})` : undefined;
}

/**
 * Runs in the page (sent as text: self-contained), on the scope's element: the dialogs drawn
 * outside it, and the popups its expanded controls name by aria-controls that lie outside it,
 * each as `role name` (a control's popup also says whose it is). aria-owns needs none: the view
 * nests what a control owns under it (ownedElements.ts).
 */
function popupsOutsideInPage(scope: Element, max: number): string[] {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const shown = (el: Element) => el.checkVisibility?.({ visibilityProperty: true }) ?? true;
  const nameOf = (el: Element) => norm(el.getAttribute('aria-label'))
    || norm((el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean).map(id => document.getElementById(id)?.textContent ?? '').join(' '));
  const outside = (el: Element) => !scope.contains(el) && !el.contains(scope) && shown(el);
  const said = new Set<Element>();
  const out: string[] = [];
  const say = (el: Element, role: string, of = '') => {
    if (said.has(el) || out.length >= max) return;
    said.add(el);
    out.push(`${role}${nameOf(el) ? ` ${nameOf(el)}` : ''}${of}`);
  };
  for (const control of Array.from(scope.querySelectorAll('[aria-expanded=true][aria-controls]'))) {
    const popup = document.getElementById(control.getAttribute('aria-controls')!.split(/\s+/)[0]);
    const controlName = nameOf(control) || norm(control instanceof HTMLElement ? control.innerText : '') || norm((control as HTMLInputElement).labels?.[0]?.textContent);
    if (popup && outside(popup)) say(popup, popup.getAttribute('role') || popup.localName, ` (of ${control.getAttribute('role') || control.localName} ${controlName})`);
  }
  for (const dialog of Array.from(document.querySelectorAll('[role=dialog], [role=alertdialog], dialog[open]'))) {
    if (outside(dialog)) say(dialog, dialog.getAttribute('role') || 'dialog');
  }
  return out;
}
