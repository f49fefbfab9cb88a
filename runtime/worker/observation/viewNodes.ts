// The parts of the compact observation that know nothing of the renderer's walk: the snapshot's
// node types, the role tables that decide how each role is shown, and how one line is written
// (a control, a run of look-alikes, a table row). Pure.
import { patternOf } from './tree/namePattern.js';

/** One node of `ariaSnapshotJSON({ mode: 'ai' })`: a text fragment or an element. */
export type AriaNode = string | AriaElement;
export interface AriaElement {
  role: string;
  name?: string;
  /** Text content when it is the element's only child (a textbox's value, a paragraph's text). */
  text?: string;
  ref?: string;
  children?: AriaNode[];
  level?: number;
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  invalid?: boolean | string;
  placeholder?: string;
  cursor?: string;
  url?: string;
  active?: boolean;
  /** aria-hidden="true" on it: drawn (the ai-mode snapshot keeps what is visible), but getByRole skips it and all inside. */
  ariaHidden?: boolean;
}

/** One line of the view; `key` identifies what it shows across observations (for `since`). */
export interface ViewLine {
  depth: number;
  key: string;
  text: string;
  /** Dialogs and alerts: shown first and never cut, they decide what the next action can be. */
  pinned?: boolean;
}

/** Controls a model acts on: each gets a line with its ref. */
export const CONTROLS = new Set([
  'button', 'link', 'textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'slider',
  'spinbutton', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'scrollbar',
]);
/** Controls whose snapshot text is their current value. */
export const VALUED = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'scrollbar']);
/** Regions whose text is news: shown with their text on one line. */
export const LIVE = new Set(['status', 'alert', 'log', 'timer', 'marquee', 'progressbar', 'meter']);
/** Containers worth a line of their own when they have a name (otherwise their content is hoisted). */
export const NAMED_BLOCKS = new Set([
  'region', 'group', 'navigation', 'form', 'search', 'complementary', 'banner', 'contentinfo', 'main', 'article',
  'tablist', 'tabpanel', 'menu', 'menubar', 'toolbar', 'radiogroup', 'list', 'tree', 'listbox', 'figure', 'application',
]);
/** Containers shown even without a name: they change what the page lets you do, or where refs live. */
export const ALWAYS_BLOCKS = new Set(['dialog', 'alertdialog', 'iframe']);
export const PINNED = new Set(['dialog', 'alertdialog', 'alert']);
/** Decorative or structural only. */
export const SKIPPED = new Set(['separator', 'presentation', 'none', 'caption']);
export const TABLES = new Set(['table', 'grid', 'treegrid']);
export const CELLS = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);

/** A run of at least this many look-alike controls in a row becomes one line. */
export const MIN_RUN = 5;
/** A table longer than this keeps its first TABLE_HEAD and last TABLE_TAIL rows. */
export const MAX_TABLE_ROWS = 12;
export const TABLE_HEAD = 8;
export const TABLE_TAIL = 2;
/** A select lists at most this many options. */
export const MAX_OPTIONS = 10;
/** One line of text is cut here: the observation is for acting, `innerText` reads prose. */
export const MAX_TEXT = 160;

/** What a level of the tree renders to before runs are collapsed. */
export type Item =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'control'; key: string; ref?: string; role: string; name: string; rest: string; below: ViewLine[]; pinned?: boolean; active?: boolean }
  | { kind: 'line'; key: string; text: string; below: ViewLine[]; pinned?: boolean };

/** What the page says of a table or grid beyond its snapshot (pageFacts.ts): its declared size, and its headers out of view. */
export interface TableFacts {
  /** aria-rowcount, aria-colcount: the whole table's size when the page holds only part of it. */
  rowCount?: number;
  colCount?: number;
  /** aria-colindex of the first and last header in the page, when given. */
  firstColumn?: number;
  lastColumn?: number;
  /** Headers in the page but outside the table's visible box (scrolled sideways, clipped). */
  outOfView?: string[];
  /** With no count declared, the element holding its rows scrolls down (sideways): more may exist than the page holds. */
  scrollsRows?: boolean;
  scrollsColumns?: boolean;
  /** Scrolling sideways: the width its scroller shows and the whole, and the viewport [width, height] that would show the whole. */
  widthShown?: { shown: number; whole: number; viewport: [number, number] };
  /** Its header texts, from a one-row table drawn over its cells (a header pane), one per cell of its rows. */
  paneHeader?: string[];
  /** It is that header pane of another table: said as that table's columns. */
  headerPane?: boolean;
  /** With no row elements: each gridcell's [aria-rowindex, aria-colindex], in the page's order (webix draws its cells by columns). */
  looseCells?: [number, number][];
  /** Each row element's aria-rowindex (0: none), in the page's order, when several share one: one row drawn in several panes. */
  rowIndexes?: number[];
  /** With rowIndexes: each of those rows' cells' aria-colindex (0: none). */
  cellIndexes?: number[][];
  /**
   * Cells marked unpickable by a class alone (no aria-disabled): the first such class, each drawn
   * row's count of drawn cells, and each marked cell's [row, cell] among them.
   */
  classDisabled?: { name: string; shape: number[]; cells: [number, number][] };
  /** Its cells show the light-DOM children of this element (its tag) through slots: text matchers read none of it. */
  slottedFrom?: string;
}

/** How a control relates to a file input: is it (or a label of it), holds it, or lies under it. */
export type FileFace = 'is' | 'inside' | 'over';
/** What a control so related says: clicking it waits for a file chooser that may never come. */
const FILE_MARKS: Record<FileFace, string> = {
  is: ' [file input: setInputFiles on it]',
  inside: ' [file input inside: setInputFiles on its input[type=file]]',
  over: ' [over a file input: setInputFiles on that input[type=file]]',
};
/** A text as the page's facts key it: letters and digits only, lower case (a name joins parts with spaces, innerText with none or newlines). */
export const textKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 300);
/** The mark of a control whose name or own text names or operates a file input (`files`: from the page). */
export function fileMark(files: ReadonlyMap<string, FileFace> | undefined, texts: string[]): string {
  if (!files?.size) return '';
  const how = texts.map(t => textKey(t)).filter(Boolean).map(k => files.get(k)).find(h => h !== undefined);
  return how && Object.hasOwn(FILE_MARKS, how) ? FILE_MARKS[how] : '';
}

/**
 * A native date or time field takes fill() in one format only, whatever it shows (the snapshot
 * calls it a textbox, like a text field): its type and an example of that format.
 */
export const FIELD_FORMATS: Readonly<Record<string, string>> = {
  date: '2027-06-15', time: '14:30', 'datetime-local': '2027-06-15T14:30', month: '2027-06', week: '2027-W24',
};

/** The mark of a textbox whose name names a native date or time field (`types`: from the page, by textKey). */
export function fieldMark(types: ReadonlyMap<string, string> | undefined, role: string, name: string): string {
  const type = role === 'textbox' && name ? types?.get(textKey(name)) : undefined;
  return type && Object.hasOwn(FIELD_FORMATS, type) ? ` [${type}: fill('${FIELD_FORMATS[type]}')]` : '';
}

/** The note of a table whose rows (columns) scroll with no count declared. */
export function scrollNote(facts: TableFacts | undefined): string {
  const what = [facts?.scrollsRows ? 'rows' : '', facts?.scrollsColumns ? 'columns' : ''].filter(Boolean).join(' and ');
  if (!what) return '';
  const width = facts?.scrollsColumns ? facts.widthShown : undefined;
  return `scrolls: more ${what} may exist beyond those in the page${width ? `; ${widthNote(width)}` : ''}`;
}

/**
 * How much of a grid's width shows, and how to bring in the rest. A grid draws the columns its
 * box shows, on its scroll event (w2ui) or its resize: scrolled sideways it draws the rest; in a
 * viewport wider by what is hidden, reloaded, it may draw them all.
 */
function widthNote(width: NonNullable<TableFacts['widthShown']>): string {
  return `${width.shown} of ${width.whole} px across in view: hover a cell and page.mouse.wheel(${width.whole - width.shown}, 0) for the rest, or page.setViewportSize({ width: ${width.viewport[0]}, height: ${width.viewport[1]} }) and reload`;
}

/**
 * Look-alike shapes of a drawing, none in the accessibility tree (inside one clickable element,
 * or a drawing's unlabelled marks): how many, and the CSS selector they share. `boxless`: drawn by their stroke
 * alone (Chartist's points and bars are thick `<line>`s), with a box of no width or height, which
 * hover() waits on as hidden, and hover({ force: true }) reaches.
 */
export interface DrawnShapes {
  count: number;
  selector: string;
  /** Drawn by a stroke alone, with no box: hover() takes them for hidden. */
  boxless?: boolean;
  /** The pointer at a mark's centre reaches another element of the drawing (a layer over the plot). */
  covered?: boolean;
}

/** A run of look-alike controls whose names are all the same: only something else tells them apart. */
export interface AlikeRun { role: string; name: string; refs: string[] }
/** What a view asks the page besides its snapshot, and gets back (observe.ts). */
export interface ViewFacts {
  /** By the table's place among the view's tables (`ViewNeeds.tables`). */
  tables: (TableFacts | undefined)[];
  /** By the run's first ref: each member's title, in order. */
  titles: Map<string, (string | null)[]>;
  /** By ref: the shapes an unnamed clickable part of a drawing holds (a Highcharts series' points), when it has some alike. */
  shapes?: ReadonlyMap<string, DrawnShapes>;
  /** By ref: the unlabelled marks a drawing with labelled groups holds (Observable Plot's bars in `[aria-label="bar"]`), when it has some alike. */
  marks?: ReadonlyMap<string, DrawnShapes>;
  /** Texts that name or operate a file input, keyed by `textKey`. */
  files?: ReadonlyMap<string, FileFace>;
  /** The names of native date and time fields, keyed by `textKey`: their type (a key of FIELD_FORMATS). */
  fieldTypes?: ReadonlyMap<string, string>;
  /** The widget libraries whose marks are in the page (widgetLibraries.ts), for the header. */
  libraries?: readonly string[];
  /** The canvases a person sees (the first three): what they draw is in no tree, the view says they are there. */
  canvases?: readonly DrawnCanvas[];
  /** A box drawn over the page with no dialog role (a library's own modal): getByRole('dialog') does not find it. */
  layer?: UnroledLayer;
  /** Rows of plain leaf cells some of them empty, which the tree leaves out: each cell's `textKey` (cut to 60), '' for an empty one. */
  gappedRows?: readonly string[][];
  /** Plain leaf cells laid one under another (an editor's lines), which read as no row: each non-empty one's `textKey` (cut to 60). */
  stackedLines?: readonly string[][];
  /** By a dialog's ref: the locator of the web component whose children it shows through slots (slottedContent.ts). */
  slotted?: ReadonlyMap<string, string>;
  /** By the ref of a row drawn without roles in the leftmost of panes side by side: the same row's refs in the others (questions/sideBySideRows.ts). */
  sideBySide?: ReadonlyMap<string, readonly string[]>;
  /** By a table's ref: its rows' texts as the page draws them, where its cells are textboxes (questions/textboxCells.ts). */
  textboxCells?: ReadonlyMap<string, readonly { header: boolean; cells: string[] }[]>;
}

/** A box drawn over the page that sets no dialog role: a selector that finds only it, and its text's start. */
export interface UnroledLayer { selector: string; text: string }

/** A canvas's box in the viewport, in CSS pixels. */
export interface DrawnCanvas { width: number; height: number; x: number; y: number; toEdge?: true; fallback?: CanvasGrid }
/** A grid a canvas holds as its fallback content (what it draws, for screen readers): its first rows' cell texts, and the size it declares. */
export interface CanvasGrid { rows: string[][]; rowCount?: number; colCount?: number }

export const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
export const cut = (s: string, max = MAX_TEXT) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
export const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export function states(node: AriaElement): string {
  const out: string[] = [];
  if (node.checked === true) out.push('checked');
  if (node.checked === 'mixed') out.push('mixed');
  if (node.pressed === true) out.push('pressed');
  if (node.pressed === 'mixed') out.push('pressed=mixed');
  if (node.selected === true && node.role !== 'option') out.push('selected');
  if (node.expanded === true) out.push('expanded');
  if (node.expanded === false) out.push('collapsed');
  if (node.disabled) out.push('disabled');
  if (node.invalid && node.invalid !== 'false') out.push('invalid');
  // Selectr keeps its native select aria-hidden, clipped to a pixel, under the list it draws:
  // site 13's agent asked getByRole('option') of it and found nothing (use the ref, or what is drawn).
  if (node.ariaHidden) out.push(ARIA_HIDDEN);
  return out.length ? ` [${out.join(', ')}]` : '';
}

const ARIA_HIDDEN = 'aria-hidden: getByRole skips it and what it holds';
/**
 * A live region or block that is aria-hidden: site 20's chart kept its tooltip and an empty
 * `status` aria-hidden, the view printed `status` over the tooltip's lines, and the agent's
 * getByRole('status') found nothing. (A control says it among its states.)
 */
export const hiddenMark = (node: AriaElement) => (node.ariaHidden ? ` [${ARIA_HIDDEN}]` : '');

/** All text under a node, flattened to one line (for live regions and table cells). */
export function textOf(node: AriaNode): string {
  return textParts(node).join(' ');
}

/** The texts `textOf` joins, each one node's: with more than one, no single element holds the line (getByText finds each part, not the line). */
export function textParts(node: AriaNode): string[] {
  if (typeof node === 'string') return clean(node) ? [clean(node)] : [];
  const own = clean(node.text);
  const inner = [...(own ? [own] : []), ...(node.children ?? []).flatMap(textParts)];
  return inner.length ? inner : clean(node.name) ? [clean(node.name)] : [];
}

export function isClickable(node: AriaElement): boolean {
  return node.cursor === 'pointer' && !!node.ref && !CONTROLS.has(node.role);
}
export function lineOf(c: Extract<Item, { kind: 'control' }>): string {
  return `${c.ref ? `${c.ref} ` : ''}${c.role}${c.name ? ` ${c.name}` : ''}${c.rest}`;
}

export function bullet(item: Item): Item {
  if (item.kind === 'control') return { kind: 'line', key: item.key, text: `- ${lineOf(item)}`, below: item.below };
  return { ...item, text: `- ${item.text}` };
}

export function cellText(items: Item[]): string {
  return items.map(i => (i.kind === 'control' ? `[${lineOf(i)}]` : i.text)).join(' ');
}

/** Column headers outside any row (a grid that lays its headers out on their own, RevoGrid): they are its columns. */
export function looseHeaders(node: AriaElement): AriaElement[] {
  const headers: AriaElement[] = [];
  for (const child of node.children ?? []) {
    if (typeof child === 'string' || child.role === 'row' || TABLES.has(child.role)) continue;
    if (child.role === 'columnheader') headers.push(child);
    else headers.push(...looseHeaders(child));
  }
  return headers;
}

export function collectRows(node: AriaElement): AriaElement[] {
  const rows: AriaElement[] = [];
  for (const child of node.children ?? []) {
    if (typeof child === 'string') continue;
    if (child.role === 'row') rows.push(child);
    else if (!TABLES.has(child.role)) rows.push(...collectRows(child));
  }
  return rows;
}

/**
 * `titles`: the members' title attributes, asked of the page for a run whose names are all the
 * same: distinct ones are listed as what tells them apart; without them the line says that
 * nothing in the names does (a map's markers: a tooltip on hover, or their place).
 */
export function runLine(run: Extract<Item, { kind: 'control' }>[], key: string, titles?: (string | null)[]): Item {
  const { pattern, middles } = patternOf(run.map(c => c.name))!;
  // States shared by every member go after the pattern; the members that differ are named.
  const counts = new Map<string, number>();
  for (const c of run) counts.set(c.rest, (counts.get(c.rest) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const exceptions = [...counts.keys()].filter(r => r !== common)
    .map(r => `${r.trim() || `not ${common.trim()}`} ${run.map((c, i) => (c.rest === r ? middles[i] || c.name : undefined)).filter(Boolean).join(', ')}`);
  const first = run[0];
  let alike = '';
  if (run.every(c => c.name === first.name)) {
    const told = titles?.length === run.length && titles.every(Boolean) && new Set(titles).size === run.length;
    alike = told ? `; titles: ${cut(titles.join('|'), 200)}` : first.name ? ' (same name: they differ by place or by what shows on hover)' : ' (no names: they differ by place or by what shows on hover)';
  }
  // Unnamed look-alikes (an SVG map's markers) have no pattern to print.
  const head = `${first.ref ? `${first.ref}..${run[run.length - 1].ref} ` : ''}${first.role} ×${run.length}`;
  const text = `${pattern ? `${head}: ${pattern}` : head}${common}${exceptions.length ? `; ${exceptions.join('; ')}` : ''}${alike}`;
  return { kind: 'line', key, text, below: [] };
}

/** The texts below, but for those of controls (and clickable elements) and what is inside them. */
export function textOutsideControls(nodes: AriaNode[]): string[] {
  return nodes.flatMap(n => {
    if (typeof n === 'string') return clean(n) ? [clean(n)] : [];
    if (CONTROLS.has(n.role) || isClickable(n)) return [];
    return [...(clean(n.text) ? [clean(n.text)] : []), ...textOutsideControls(n.children ?? [])];
  });
}

/** Whether a control (or a clickable element) is anywhere below: text alone is shown on one line. */
export function hasControl(nodes: AriaNode[]): boolean {
  return nodes.some(n => typeof n !== 'string' && (CONTROLS.has(n.role) || isClickable(n) || hasControl(n.children ?? [])));
}

/** A drawing (role img) among these nodes or inside them. */
export function hasDrawing(nodes: AriaNode[]): boolean {
  return nodes.some(n => typeof n !== 'string' && (n.role === 'img' || hasDrawing(n.children ?? [])));
}

/**
 * After a table's columns: its headers in the page but out of its box, and how many columns it
 * declares that the page does not hold (a grid that renders only those in view: 8-9 of 9).
 */
export function columnNote(facts: TableFacts, shown: number): string {
  const notes: string[] = [];
  if (facts.outOfView?.length) notes.push(`out of view: ${cut(facts.outOfView.join(', '), 200)}`);
  if (facts.colCount !== undefined && facts.colCount > shown) {
    const first = facts.firstColumn ?? 1;
    const last = facts.lastColumn ?? first + shown - 1;
    const span = (a: number, b: number) => (a === b ? `${a}` : `${a}-${b}`);
    const where = [first > 1 ? span(1, first - 1) : '', last < facts.colCount ? span(last + 1, facts.colCount) : ''].filter(Boolean).join(' and ');
    notes.push(`${facts.colCount - shown} more of ${facts.colCount} not in the page${where ? ` (columns ${where})` : ''} until the grid scrolls sideways${facts.widthShown ? `: ${widthNote(facts.widthShown)}` : ''}`);
  }
  return notes.length ? `; ${notes.join('; ')}` : '';
}

/** Moves each pinned line, with the lines under it, to the top (at depth 0). */
export function pinFirst(lines: ViewLine[]): ViewLine[] {
  const pinned: ViewLine[] = [];
  const rest: ViewLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.pinned) { rest.push(line); continue; }
    let end = i + 1;
    while (end < lines.length && lines[end].depth > line.depth) end++;
    for (const l of lines.slice(i, end)) pinned.push({ ...l, depth: l.depth - line.depth, pinned: true });
    i = end - 1;
  }
  return [...pinned, ...rest];
}

/**
 * A table without what says nothing: rows whose every cell is blank (a virtualised grid's
 * spacer rows) and columns blank in the header and every row (its edge and filler cells).
 * `rows`: the kept rows' indexes; `cells`: their kept cells' items; `columns`: the kept headers.
 */
export function withoutSpacers(cells: Item[][][], columns: string[]): { rows: number[]; cells: Item[][][]; columns: string[] } {
  const rows = cells.map((_, i) => i).filter(i => cells[i].some(items => items.length > 0));
  const width = Math.max(columns.length, ...rows.map(i => cells[i].length));
  const keep = Array.from({ length: width }, (_, j) => j).filter(j => !!columns[j] || rows.some(i => (cells[i][j]?.length ?? 0) > 0));
  if (keep.length === width) return { rows, cells: rows.map(i => cells[i]), columns };
  return {
    rows,
    cells: rows.map(i => keep.filter(j => j < cells[i].length).map(j => cells[i][j])),
    columns: columns.length ? keep.filter(j => j < columns.length).map(j => columns[j]) : columns,
  };
}

/**
 * What a control named otherwise shows as its text, as ` (shows April)`: PrimeNG's month button
 * is named `Choose Month` and shows `April`, and site 20's agent could not tell which month its
 * calendar was on. Not a symbol (`×`), a text its name holds, or an icon font's ligature
 * (`more_vert`, `delete`: one lower-case word).
 */
export function shownText(name: string, own: string): string {
  if (!name || !/[\p{L}\p{N}].*[\p{L}\p{N}]|^\p{N}$/u.test(own) || /^[a-z]+(_[a-z]+)*$/.test(own)) return '';
  const [n, o] = [name.toLowerCase(), own.toLowerCase()];
  return n.includes(o) || o.includes(n) ? '' : ` (shows ${cut(own, 40)})`;
}
