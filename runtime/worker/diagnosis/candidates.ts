// What the page does have, when a locator found nothing or the wrong thing: asked of the page at
// the moment of failure, with reads only (counts and an aria snapshot: no input, no request).
// - the same query without the scopes in front of it, when that matches: a listbox rendered in
//   a portal at the end of <body> and tied to its combobox by aria-owns is inside the form in
//   the accessibility tree, outside it in the DOM, where locators search; with the named
//   container the first such match is in (`region 'Truck 1'`: site 31's card, left by a drag in
//   the list it crossed, looked like a wrong scope);
// - elements of the same role (or label) whose names are close to the one asked for;
// - for a hidden match, the shown ones it was picked from (`.first()` of a hidden copy) or the
//   one shown element holding its name (a screen reader's copy of a styled list's item);
// - for a chain its own `.filter({ hasText })` emptied, why and the fix (textFilter.ts): a row's
//   cells run together in the text hasText reads, or the text is not there any more;
// - for an expectation on text, visible elements that carry the expected text when the one
//   the locator resolved to does not (Shoelace's <sl-alert>: the role=alert element is inside
//   its shadow root, the text is slotted from the light DOM and is no text of it).
import type { Locator, Page } from 'playwright-core';
import { byRole, framePrefixLength, frameRootOf, lastQuery, locatorChain, quoted, shorterChains } from './locatorChain.js';
import { similarity } from './textSimilarity.js';
import { textFilterMiss, type TextFilterMiss } from './textFilter.js';

/** Candidates named at most. */
const MAX_CANDIDATES = 5;
/** Each read of the page may take this long: the page is there, the program already failed. */
const READ_TIMEOUT_MS = 2000;
/** Roles a getByLabel finds. */
const LABELLED = ['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton'];

export interface Candidates {
  /** How many elements the locator matched when it failed. */
  matchCount: number;
  /** Locators relative to the page (or frame) the failing one searched, that do match. */
  candidates: string[];
  /** The name asked for is in an element's content, not its name (a code editor's text): the first candidate finds it by content. */
  nameInContent?: true;
  /** Its own `.filter({ hasText })` left nothing of what it had (cells run together, or the text changed): the first candidates are the fix. */
  textFilter?: TextFilterMiss;
  /** A CSS `[role=...]` found nothing where `getByRole` finds that role (a native <select multiple> is a listbox with no role attribute): the role asked. */
  roleAttribute?: string;
  /** Nothing visible has the role asked with that name, but a visible element of this role has it (the first candidate). */
  otherRole?: string;
  /** It was scoped to a role (dialog, alertdialog) that nothing on the page has: a library's own modal may set none (alertify). */
  absentScope?: string;
  /** It matched one element that never became able to take the call: why, at the moment of failure. */
  unable?: 'hidden' | 'disabled' | 'readonly';
  /** That hidden element was picked by position (`.first()`) among matches of which some show: the first candidate picks among those. */
  pickedHidden?: PickedHidden;
  /** That hidden element's name is the text of one element a person sees (a screen reader's copy of a list beside the drawn one): the first candidate. */
  shownCopy?: true;
  /** It matches one element now, visible and able to take the call: the page drew it, or answered, only after the call gave up. */
  readyNow?: true;
  /** The first candidate is the query without its scope: the named container it is in (`region 'Truck 1'`), when one is. */
  foundIn?: string;
}

export interface PickedHidden {
  /** The pick as written: `.first()`, `.nth(2)`. */
  pick: string;
  /** The locator it picked from, and how many it matches, how many of them visible. */
  from: string;
  matches: number;
  visible: number;
}

/** Roles whose content is not their name: a name asked of them may be what they hold (a field's text). */
const CONTENT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'grid', 'treegrid', 'table', 'document', 'log']);

type Root = Page | Locator | { locator(selector: string): Locator };

/**
 * A locator that matched nothing: what the page has instead. Undefined when it did match, or when
 * the page cannot say; with `sayReady`, one element that matches and is ready now is said too
 * (a call whose only conditions are visible, enabled and editable: no pointer, no stability).
 */
export async function missingCandidates(locator: Locator, sayReady = false): Promise<Candidates | undefined> {
  const page = locator.page();
  const matchCount = await locator.count().catch(() => undefined);
  if (matchCount === 1) {
    // Found but never ready: a collapsed search box (MUI's grid toolbar), a disabled button, a picker's read-only input.
    const probe = { timeout: 500 };
    if (!(await locator.isVisible().catch(() => true))) {
      const picked = await hiddenPick(locator);
      if (picked) return { matchCount, candidates: [`${picked.from}.filter({ visible: true })${picked.pick}`], unable: 'hidden', pickedHidden: picked };
      const copy = await shownCopy(locator);
      return copy ? { matchCount, candidates: [copy], unable: 'hidden', shownCopy: true } : { matchCount, candidates: [], unable: 'hidden' };
    }
    if (await locator.isDisabled(probe).catch(() => false)) return { matchCount, candidates: [], unable: 'disabled' };
    // isEditable throws for what is no field (a button): no verdict then.
    if (!(await locator.isEditable(probe).catch(() => true))) return { matchCount, candidates: [], unable: 'readonly' };
    return sayReady ? { matchCount, candidates: [], readyNow: true } : undefined;
  }
  if (matchCount !== 0) return undefined;
  const calls = locatorChain(String(locator));
  if (!calls) return { matchCount, candidates: [] };
  const found: string[] = [];
  const root = frameRootOf(calls);
  const textFilter = await textFilterMiss(calls.slice(framePrefixLength(calls)), chain => evaluated(page, root, chain));
  if (textFilter) found.push(...textFilter.candidates);
  let unscoped: { query: string; locator: Locator } | undefined;
  for (const shorter of shorterChains(calls)) {
    const query = evaluated(page, shorter.root, shorter.query);
    if (query && (await query.count().catch(() => 0)) > 0) {
      found.push(shorter.query);
      if (shorter.unscoped) unscoped = { query: shorter.query, locator: query };
      break;
    }
  }
  // A CSS role attribute finds only elements that set it; an implicit role (a native select, a
  // button, a table) is none. Site 12's agent looked for a native <select multiple> this way.
  let roleAttribute: string | undefined;
  const roleSelector = calls.map(c => (c.method === 'locator' ? /\[role=["']?([a-z]+)["']?\]/.exec(c.text)?.[1] : undefined)).find(Boolean);
  if (roleSelector) {
    const byImplicit = evaluated(page, root, `getByRole(${quoted(roleSelector)})`);
    if (byImplicit && (await byImplicit.count().catch(() => 0)) > 0) {
      found.unshift(`getByRole(${quoted(roleSelector)})`);
      roleAttribute = roleSelector;
    }
  }
  // A dialog scope where the page has no dialog at all: the box a person sees sets no role (site 14's alertify confirm).
  let absentScope: string | undefined;
  const scopeRole = calls.slice(0, -1).map(c => /^getByRole\((['"])(dialog|alertdialog)\1/.exec(c.text)?.[2]).find(Boolean);
  if (scopeRole) {
    const any = evaluated(page, root, `getByRole(${quoted(scopeRole)})`);
    if (any && (await any.count().catch(() => 1)) === 0) absentScope = scopeRole;
  }
  const asked = lastQuery(calls);
  let nameInContent = false;
  let otherRole: string | undefined;
  if (asked?.name !== undefined && (asked.method === 'getByRole' || asked.method === 'getByLabel' || asked.method === 'getByText')) {
    const scope = root ? evaluated(page, '', root) : page;
    if (scope && asked.method === 'getByRole' && asked.role && CONTENT_ROLES.has(asked.role)) {
      // Rebuilt from the program's own locator text, as the other candidates are.
      const byContent = `getByRole(${quoted(asked.role)}).filter({ hasText: ${asked.pattern ?? quoted(asked.name)} })`;
      const holder = evaluated(page, root, byContent);
      if (holder && (await holder.count().catch(() => 0)) > 0) {
        found.unshift(byContent);
        nameInContent = true;
      }
    }
    if (scope) found.push(...(await similarNames(scope, asked.method, asked.name, asked.role)));
    // The same name under another role, shown where the asked one is not: a styled list's items
    // (Selectr's treeitems) over a native select's options, which the program asked for (site 13).
    if (asked.method === 'getByRole' && asked.role) {
      const other = await otherRoleNamed(query => evaluated(page, root, query), asked.text, asked.role);
      if (other) { found.unshift(other.locator); otherRole = other.role; }
    }
  }
  const candidates = unique(found, String(locator));
  // Where the first candidate is, when it is the query without its scope: a drag that landed in
  // the list it crossed (site 31) reads as a wrong scope.
  const foundIn = unscoped && candidates[0] === unscoped.query
    ? await unscoped.locator.first().evaluate(namedContainerInPage, undefined, { timeout: READ_TIMEOUT_MS }).catch(() => null) : null;
  return {
    matchCount, candidates,
    ...(nameInContent ? { nameInContent: true as const } : {}), ...(textFilter ? { textFilter } : {}), ...(roleAttribute ? { roleAttribute } : {}), ...(otherRole ? { otherRole } : {}),
    ...(absentScope ? { absentScope } : {}), ...(foundIn ? { foundIn } : {}),
  };
}

/**
 * In the page: the nearest container of `element` with a role and a name of its own (aria-label,
 * aria-labelledby, a fieldset's legend), as `region 'Truck 1 (NX24 KLT)'`, crossing shadow roots;
 * null when none has one. Self-contained: it is sent to the page as text.
 */
export function namedContainerInPage(element: Element): string | null {
  const implicit: Record<string, string> = { SECTION: 'region', UL: 'list', OL: 'list', DIALOG: 'dialog', NAV: 'navigation', FORM: 'form', TABLE: 'table', FIELDSET: 'group', ASIDE: 'complementary' };
  const nameOf = (box: Element): string => {
    const label = box.getAttribute('aria-label');
    if (label && label.trim()) return label;
    const ids = box.getAttribute('aria-labelledby');
    const named = ids ? ids.split(/\s+/).map(id => (box.getRootNode() as Document | ShadowRoot).getElementById?.(id)?.textContent ?? '').join(' ') : '';
    return named.trim() ? named : box.tagName === 'FIELDSET' ? box.querySelector('legend')?.textContent ?? '' : '';
  };
  for (let box = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null); box; box = box.parentElement ?? ((box.getRootNode() as ShadowRoot).host ?? null)) {
    const role = box.getAttribute('role') ?? implicit[box.tagName];
    if (!role || role === 'presentation' || role === 'none' || role === 'generic') continue;
    const name = nameOf(box).replace(/\s+/g, ' ').trim();
    if (name) return `${role} '${name.slice(0, 60).replace(/'/g, '’')}'`;
  }
  return null;
}

/** Picks by position: the element they give depends on hidden matches counted in. */
const POSITION = new Set(['first', 'last', 'nth']);

/**
 * A locator ending in `.first()`, `.last()` or `.nth(i)` that gave a hidden element, where the
 * locator before it matches several and some show (a hidden copy of a list before the shown one:
 * site 22's option). Undefined otherwise, or when the chain cannot be rebuilt.
 */
async function hiddenPick(locator: Locator): Promise<PickedHidden | undefined> {
  const calls = locatorChain(String(locator));
  const last = calls?.at(-1);
  if (!calls || !last || !POSITION.has(last.method) || calls.length - framePrefixLength(calls) < 2) return undefined;
  const query = calls.slice(framePrefixLength(calls), -1).map(c => c.text).join('.');
  const from = evaluated(locator.page(), frameRootOf(calls), query);
  if (!from) return undefined;
  const matches = await from.count().catch(() => 0);
  const visible = matches > 1 ? await from.filter({ visible: true }).count().catch(() => 0) : 0;
  return visible > 0 ? { pick: `.${last.text}`, from: query, matches, visible } : undefined;
}

/** Roles of a list's items: a hidden one may be a screen reader's copy of an item drawn elsewhere. */
const ITEMS = new Set(['option', 'treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'listitem', 'gridcell']);

/**
 * The one element a person sees whose text is exactly the name a hidden list item was asked by,
 * when there is one: rc-select (Ant Design's) keeps role=option copies in a box of no size for
 * screen readers and draws the list a person clicks with no roles (site 26). Undefined otherwise,
 * and for a control (a collapsed search box named like the button that opens it: that button
 * shows it, the hint says so).
 */
async function shownCopy(locator: Locator): Promise<string | undefined> {
  const calls = locatorChain(String(locator));
  const asked = calls && lastQuery(calls);
  if (!calls || asked?.method !== 'getByRole' || !ITEMS.has(asked.role ?? '') || !asked.name || asked.pattern) return undefined;
  const copy = `getByText(${quoted(asked.name)}, { exact: true }).filter({ visible: true })`;
  const found = evaluated(locator.page(), frameRootOf(calls), copy);
  return found && (await found.count().catch(() => 0)) === 1 ? copy : undefined;
}

/**
 * An expectation on text failed: visible elements that carry the expected text, when the one
 * the locator resolved to does not show it. Undefined when there is nothing better to point at.
 */
export async function textCandidates(locator: Locator, expected: unknown): Promise<string[] | undefined> {
  const texts = (Array.isArray(expected) ? expected : [expected]).filter((e): e is string | RegExp => typeof e === 'string' || e instanceof RegExp);
  if (texts.length !== 1 || texts[0] === '') return undefined;
  const wanted = texts[0];
  const page = locator.page();
  const carrying = page.getByText(wanted).filter({ visible: true });
  const count = await carrying.count().catch(() => 0);
  // The element the locator resolved to carries it (its text differs in another way): nothing better to point at.
  if (count === 0 || (await locator.and(carrying).count().catch(() => 1)) > 0) return undefined;
  const printed = `getByText(${wanted instanceof RegExp ? String(wanted) : quoted(wanted)})`;
  return [count === 1 ? printed : `${printed}.first()`];
}

/** `root.<query>` rebuilt from Playwright's own printing of the program's locator (its text, not the page's). */
function evaluated(page: Page, root: string, query: string): Locator | undefined {
  try {
    const path = [root, query].filter(Boolean).join('.');
    return new Function('page', `return page.${path};`)(page) as Locator;
  } catch {
    return undefined;
  }
}

/** Elements of the same role (getByLabel: a labelled control) whose names are close to `name`, best first. */
async function similarNames(scope: Root, method: string, name: string, role?: string): Promise<string[]> {
  const snapshot = await scope.locator(':root').ariaSnapshot({ timeout: READ_TIMEOUT_MS }).catch(() => '');
  const scored: { text: string; name: string; score: number }[] = [];
  for (const line of snapshot.split('\n')) {
    const node = /^\s*- ([a-z]+) "((?:[^"\\]|\\.)*)"/.exec(line) ?? /^\s*- (text): (.+)$/.exec(line);
    if (!node) continue;
    const [, nodeRole, raw] = node;
    const nodeName = nodeRole === 'text' ? raw.replace(/^"|"$/g, '') : raw.replace(/\\(.)/g, '$1');
    const fits = method === 'getByRole' ? nodeRole === role : method === 'getByLabel' ? LABELLED.includes(nodeRole) : true;
    if (!fits) continue;
    const score = similarity(name, nodeName);
    if (score < 0.5) continue;
    scored.push({ text: method === 'getByText' ? `getByText(${quoted(nodeName)})` : byRole(nodeRole, nodeName), name: nodeName, score });
  }
  const best = scored.sort((a, b) => b.score - a.score);
  if (method !== 'getByText') return best.map(s => s.text);
  // A text line of the snapshot may join several elements' text, or hold CSS generated content
  // (site 33's "D. Grant SN17 DGR L3 Empty lane L4"): getByText finds neither, so each is tried.
  const byText = (text: string) => ('getByText' in scope ? scope.getByText(text) : scope.locator(':root').getByText(text));
  const found = await Promise.all(best.slice(0, 2 * MAX_CANDIDATES).map(async s => ((await byText(s.name).count().catch(() => 0)) > 0 ? s.text : undefined)));
  return found.filter((text): text is string => text !== undefined);
}

/** Roles whose elements a person picks or presses: where a name asked under one role may be found under another. */
const PICKED = ['option', 'treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'gridcell', 'listitem', 'button', 'link', 'checkbox', 'radio', 'tab'];

/**
 * A visible element of another pickable role with the name asked, when no visible element of the
 * asked role has it: the program's own query with the role changed, so its name matches as the
 * program wrote it (a loose string, `exact: true`, a pattern). A site's search list may draw its
 * items as checkboxes (tail.select, site 28) or treeitems (Selectr, site 13).
 */
async function otherRoleNamed(evaluate: (query: string) => Locator | undefined, query: string, role: string): Promise<{ role: string; locator: string } | undefined> {
  if (!PICKED.includes(role)) return undefined;
  const shown = async (r: string) => {
    const text = query.replace(/^getByRole\((['"])[a-z]+\1/, `getByRole(${quoted(r)}`);
    const locator = evaluate(text);
    return locator && (await locator.filter({ visible: true }).count().catch(() => 0)) > 0 ? text : undefined;
  };
  if (await shown(role)) return undefined;
  for (const other of PICKED) {
    if (other === role) continue;
    const locator = await shown(other);
    if (locator) return { role: other, locator };
  }
  return undefined;
}

function unique(found: string[], original: string): string[] {
  return [...new Set(found)].filter(c => c !== original).slice(0, MAX_CANDIDATES);
}
