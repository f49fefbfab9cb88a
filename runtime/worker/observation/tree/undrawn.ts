// Parts of a page that are in its tree but not drawn for a person: a closed popup kept at zero
// size (easepick scales its calendar to 0), or one that takes no pointer events (a fade-out
// menu at opacity 0). Playwright's ai-mode snapshot keeps them, since only display:none,
// visibility:hidden and aria-hidden leave its tree, but it gives a ref only to what has a box
// and takes pointer events. So in a snapshot with refs, a subtree holding controls and not one
// ref is such a part. Printed whole, site 11's closed month read as an open calendar and cost
// the agent a call; folded into one line, it says what it is and what it holds.
import { CONTROLS, clean, cut, type AriaElement, type AriaNode } from '../viewNodes.js';

const DIALOGS = new Set(['dialog', 'alertdialog']);

function hasRefs(nodes: readonly AriaNode[]): boolean {
  return nodes.some(n => typeof n !== 'string' && (n.ref !== undefined || hasRefs(n.children ?? [])));
}

function hasDrawnDialog(nodes: readonly AriaNode[]): boolean {
  return nodes.some(n => typeof n !== 'string' && ((DIALOGS.has(n.role) && (n.ref !== undefined || hasRefs(n.children ?? []))) || hasDrawnDialog(n.children ?? [])));
}

/**
 * Whether a subtree without refs is one not drawn: only in a tree that has refs (a test's tree, a
 * default-mode one, says nothing of what is drawn), and with no dialog open. A modal takes the
 * clicks of the page behind it (its library sets pointer-events: none there), which loses its
 * refs while a person still sees it: that page is no closed popup.
 */
export function refsSayDrawn(nodes: readonly AriaNode[]): boolean {
  return hasRefs(nodes) && !hasDrawnDialog(nodes);
}

interface Tally { controls: number; texts: string[]; chars: number }

/** Texts gathered for the line at most: about what `cut` keeps of them. */
const MAX_TEXT_CHARS = 120;

function addText(into: Tally, text: string): void {
  if (!text || into.chars >= MAX_TEXT_CHARS) return;
  into.chars += (into.texts.length ? 1 : 0) + text.length;
  into.texts.push(text);
}

function tally(node: AriaElement, into: Tally): Tally {
  if (CONTROLS.has(node.role)) into.controls++;
  addText(into, clean(node.name) || clean(node.text));
  for (const child of node.children ?? []) {
    if (typeof child !== 'string') tally(child, into);
    else addText(into, clean(child));
  }
  return into;
}

/** The texts of a container that is not drawn (no ref in it, controls inside), or undefined when it is drawn or holds no control. */
function undrawnParts(node: AriaElement): Tally | undefined {
  const children = node.children ?? [];
  // hasRefs stops at the first ref: most containers are drawn, and their subtrees are not walked.
  // What has the focus is in use, whatever takes the pointer (Lumino's cell editor, site 30).
  if (node.ref !== undefined || node.active || !children.some(c => typeof c !== 'string') || hasRefs(children)) return undefined;
  const parts = tally(node, { controls: 0, texts: [], chars: 0 });
  return parts.controls === 0 ? undefined : parts;
}

/**
 * The line standing for a container that is not drawn, or undefined when it is drawn or holds
 * no control. A lone control without a ref (a zero-size file input) is no container and keeps
 * its own line.
 */
export function undrawnLine(node: AriaElement): string | undefined {
  const parts = undrawnParts(node);
  if (!parts) return undefined;
  const what = `${parts.controls} control${parts.controls === 1 ? '' : 's'}`;
  // Nothing named in it (a canvas grid's spare editor field): nothing to open, only that it is there.
  if (!parts.texts.length) return `(not drawn: ${what} with no name, at zero size or taking no clicks)`;
  return `(not drawn: ${what} at zero size or taking no clicks, as in a closed popup; open it first: ${cut(parts.texts.join(' '), 100)})`;
}

/**
 * A control's children without its parts that are not drawn, and those parts' texts: a custom
 * select keeps its closed list inside itself (nice-select2: search box and items at opacity 0,
 * no pointer events), and its name read them as if open, the same open or closed (site 12's trial).
 */
export function withoutUndrawn(nodes: readonly AriaNode[]): { nodes: AriaNode[]; dropped: string[] } {
  const dropped: string[] = [];
  const keep = (list: readonly AriaNode[]): AriaNode[] => list.flatMap((n): AriaNode[] => {
    if (typeof n === 'string') return [n];
    const parts = undrawnParts(n);
    if (parts) { dropped.push(...parts.texts); return []; }
    return n.children ? [{ ...n, children: keep(n.children) }] : [n];
  });
  return { nodes: keep(nodes), dropped };
}

/** Controls a person clicks: one with no ref in a tree whose refs say what is drawn takes no clicks. */
const CLICKED = new Set(['button', 'link', 'option', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem']);

/**
 * ` [takes no clicks]` for a control a person clicks that has no ref where refs say what is drawn
 * (`drawn`): a calendar's booked day kept as a button with pointer-events: none (bulma-calendar's,
 * site 37) read as a day like the others; '' otherwise. One disabled says so already.
 */
export function unclickedMark(node: AriaElement, drawn: boolean): string {
  return drawn && CLICKED.has(node.role) && node.ref === undefined && !node.active && !node.disabled && !node.ariaHidden ? ' [takes no clicks]' : '';
}

/** A closed list names at least this many options: one hidden text after a field is no list. */
const MIN_CLOSED_OPTIONS = 2;

/** The texts in a subtree, one per element that has its own (an option's), in order. */
function itemTexts(node: AriaElement, into: string[]): string[] {
  const own = clean(node.name) || clean(node.text);
  if (own) into.push(own);
  for (const child of node.children ?? []) {
    if (typeof child !== 'string') itemTexts(child, into);
    else if (clean(child)) into.push(clean(child));
  }
  return into;
}

/**
 * The texts of an element not drawn that holds text alone (no control, no ref), or undefined.
 * Web components' selects (Fluent UI's, Shoelace's) keep their options in the page, slotted into
 * a popup hidden while closed: Playwright's ai-mode snapshot keeps them as generic text without
 * refs, next to their combobox or inside it (site 29: `combobox Time = Choose a time, 09:00, …`).
 */
function undrawnTexts(node: AriaNode): string[] | undefined {
  if (typeof node === 'string' || node.ref !== undefined || hasRefs(node.children ?? [])) return undefined;
  if (tally(node, { controls: 0, texts: [], chars: 0 }).controls > 0) return undefined;
  const texts = itemTexts(node, []);
  return texts.length ? texts : undefined;
}

/**
 * Whether a node is a combobox or a box around one and no other control (Shoelace's clickable box
 * around its own). A form holding a combobox among other fields is neither: a tooltip drawn after
 * it, taking no clicks (Bokeh's, site 37), read as that combobox's closed options.
 */
export function holdsCombobox(node: AriaNode): boolean {
  if (typeof node === 'string') return false;
  const controls: AriaElement[] = [];
  // A field aria-hidden beside it (Shoelace's value input) is none a person uses.
  const walk = (n: AriaElement) => { if (CONTROLS.has(n.role)) { if (!n.ariaHidden) controls.push(n); } else for (const c of n.children ?? []) if (typeof c !== 'string') walk(c); };
  walk(node);
  return controls.length === 1 && controls[0].role === 'combobox';
}

/**
 * The run of nodes not drawn, holding text alone, that starts at `from`: a combobox's closed list
 * when it follows one. `end` is the index after the run; `texts` are its options' texts (empty
 * when the run names fewer than a list does).
 */
export function closedListRun(nodes: readonly AriaNode[], from: number): { texts: string[]; end: number } {
  const texts: string[] = [];
  let end = from;
  for (let found = undrawnTexts(nodes[end]); found; found = end < nodes.length ? undrawnTexts(nodes[end]) : undefined) {
    texts.push(...found);
    end++;
  }
  return texts.length >= MIN_CLOSED_OPTIONS ? { texts, end } : { texts: [], end: from };
}

/** A combobox's children without its closed list (Fluent's select holds its options), and that list's texts. */
export function withoutClosedList(nodes: readonly AriaNode[]): { nodes: AriaNode[]; texts: string[] } {
  const kept: AriaNode[] = [];
  const texts: string[] = [];
  for (const node of nodes) {
    const own = undrawnTexts(node);
    if (own) texts.push(...own);
    else kept.push(node);
  }
  return texts.length >= MIN_CLOSED_OPTIONS ? { nodes: kept, texts } : { nodes: [...nodes], texts: [] };
}
