// Hints read from a thrown error's own text alone, where the text names the slip but not what to
// do: a Playwright method called on a Promise, a null viewport read, a checkbox whose state a
// click does not change, a select or field a library draws; and from the failed locator's text
// alone: a role that is none, an XPath that shadow roots stop. Pure.
import type { Page } from 'playwright-core';

/** Methods of a page, locator, context or frame: calling one on what lacks it means a Promise of one, not awaited. */
const PLAYWRIGHT_METHODS = new Set([
  'on', 'once', 'off', 'goto', 'reload', 'goBack', 'goForward', 'title', 'url', 'close', 'isClosed', 'bringToFront',
  'locator', 'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByTestId', 'getByTitle', 'getByAltText', 'getByRef',
  'click', 'dblclick', 'fill', 'press', 'pressSequentially', 'type', 'check', 'uncheck', 'selectOption', 'setInputFiles', 'hover',
  'evaluate', 'evaluateAll', 'waitForEvent', 'waitForLoadState', 'waitForURL', 'waitForResponse', 'waitForRequest', 'waitForSelector',
  'innerText', 'textContent', 'inputValue', 'getAttribute', 'isVisible', 'count', 'all', 'first', 'last', 'nth', 'filter',
  'screenshot', 'content', 'frames', 'mainFrame', 'frameLocator', 'keyboard', 'mouse', 'newPage', 'pages', 'dismiss', 'accept', 'message',
]);

/**
 * `p.once is not a function` where `once` is a Playwright method: `p` holds a Promise of a page
 * (or locator, dialog...), not the thing: the call that gave it was not awaited (site 3's trial:
 * `const p = tabs.get(9)`).
 */
function unawaitedCall(message: string): string | undefined {
  const match = /^(.{1,80}?)\.(\w+) is not a function$/.exec(message.split('\n')[0]);
  if (!match || !PLAYWRIGHT_METHODS.has(match[2])) return undefined;
  return `${match[1]} has no ${match[2]}(): it is likely a Promise, not a page or locator. await the call that gave it (const tab = await tabs.get(3); const popup = await page.waitForEvent('popup')).`;
}

/** A tabwright page emulates no viewport (the window sets the size): page.viewportSize() is null, and site 19's program read null.height. */
const NULL_VIEWPORT = /^Cannot read properties of null \(reading '(width|height)'\)/;

/**
 * Playwright's check() and uncheck() click, then fail when the checked state did not change: a
 * widget that keeps aria-checked as it was (Carbon Charts' legend, site 27) took the click all the
 * same, and the receipt said only Playwright's words.
 */
const STATE_UNCHANGED = /Clicking the checkbox did not change its state/;

/**
 * selectOption() picks in a native <select> (or one inside the element's label) only: a select a
 * library draws (Fluent UI's, Shoelace's, a div with role combobox) takes clicks, as a person
 * uses it. Playwright says only what the element is not (site 29's Fluent select).
 */
const NOT_A_SELECT = /Element is not a <select> element/;

/**
 * toHaveValue() and inputValue() read a form field's value only: a combobox a library draws (Ember
 * Power Select's div, site 31) shows its choice as text, and Playwright says only "Not an input
 * element".
 */
const NOT_AN_INPUT = /Not an input element/;

/** The hints a thrown error's text gives. */
export function messageHints(thrown: Error, full: string): string[] {
  const hints: string[] = [];
  const unawaited = thrown instanceof TypeError ? unawaitedCall(full) : undefined;
  if (unawaited) hints.push(unawaited);
  if (thrown instanceof TypeError && NULL_VIEWPORT.test(full))
    hints.push(`If that null came from page.viewportSize(): page.viewportSize() is null here (the browser window sets the size; nothing is emulated). Read the size with await page.evaluate(() => ({ width: innerWidth, height: innerHeight })).`);
  if (STATE_UNCHANGED.test(full))
    hints.push(`The click was made (the page may have acted on it), but the checkbox's checked state did not change, so check() and uncheck() fail: this widget does not report its state (aria-checked stays). Before clicking again, see what the click did; then click() it and expect what the click changes (a series hidden, a filter applied), not the checked state.`);
  if (NOT_A_SELECT.test(full))
    hints.push(`selectOption() picks in a native <select> only; this one is drawn by a library. Click it to open its list, click the option (getByRole('option', { name: '…' }), or the option's text where the list gives no roles), then expect the value it shows.`);
  if (NOT_AN_INPUT.test(full))
    hints.push(`toHaveValue() and inputValue() read an <input>, <textarea> or <select>; this element is none (a field a library draws shows its value as text, after \`=\` in observe()): expect it with toHaveText() or toContainText(), read it with innerText().`);
  return hints;
}

// getByRole with a word that is no ARIA role matches nothing and waits out its timeout, and
// Playwright says only that: site 30's agent hovered getByRole('circle') for ten seconds. The
// view's own word `clickable` (an element taking clicks with no role) invites the same slip.
type AriaRole = Parameters<Page['getByRole']>[0];

/** Every role getByRole takes, as Playwright's types list them (checked below to be all of them). */
const ROLES = [
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell', 'checkbox', 'code',
  'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'directory', 'document',
  'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell', 'group', 'heading', 'img', 'insertion', 'link', 'list',
  'listbox', 'listitem', 'log', 'main', 'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup',
  'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status',
  'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer',
  'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
] as const satisfies readonly AriaRole[];
// A role Playwright adds and the list lacks fails the build here.
const ALL: Exclude<AriaRole, (typeof ROLES)[number]> extends never ? true : never = true;
void ALL;

const KNOWN: ReadonlySet<string> = new Set(ROLES);

/** The hint for a locator whose getByRole names no ARIA role, or undefined. */
export function unknownRoleHint(locator: string): string | undefined {
  const unknown = [...locator.matchAll(/getByRole\('([^'\\]{1,40})'/g)].map(m => m[1]).find(role => !KNOWN.has(role));
  if (unknown === undefined) return undefined;
  const clickable = unknown === 'clickable'
    ? ' observe() prints `clickable` for an element that takes clicks but has no role: act on its ref (page.getByRef(...)) or its text (getByText).'
    : '';
  return `getByRole('${unknown}') can match nothing: ${unknown} is no ARIA role. Roles are the words observe() prints before a name (button, link, img, row, option…).${clickable} An element with no role, such as an SVG shape, is found by CSS: page.locator('${unknown === 'clickable' ? '…' : unknown}').`;
}

/**
 * An XPath part of a locator that matched nothing. XPath does not cross a shadow root, and from an
 * element inside one it sees that root alone: site 31's agent climbed from md-dialog's button to the
 * box naming the person (`xpath=ancestor::*[contains(., "Brennan")]`), the name slotted in from the
 * host's children, and waited out the timeout.
 */
export function xpathHint(locator: string): string | undefined {
  if (!/xpath=|locator\('(?:\/\/|\.\.)/.test(locator)) return undefined;
  return `${locator} matched no element. XPath does not enter shadow roots, and from an element inside one it sees only that root (a web component's dialog or grid, its text often slotted in from the host): use Playwright's own locators, which pierce open shadow roots (getByRole, getByText, filter({ has }), CSS such as page.locator('md-dialog')).`;
}
