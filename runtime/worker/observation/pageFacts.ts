// What observe() asks a page beyond its aria snapshot, only when the view has something it
// would say more about (compactView.ts's `needs`):
// - of each table or grid, the size it declares (aria-rowcount, aria-colcount) and which of its
//   headers are in the page but outside its box: a grid that renders only the rows and columns
//   in view (AG Grid) looked whole, its last columns nowhere in the view (issue 41 item 2);
//   and, where it declares no counts, whether the element holding its rows scrolls: a grid
//   that renders 40 of 300 rows (Tabulator) otherwise looked whole; how much of its width its
//   scroller shows, and the viewport that would show all of it;
// - of a table with no headers of its own, the header drawn as a table of its own right above
//   it, cell over cell (w2ui draws its header row, its frozen columns and its rows as separate
//   tables): observe() printed unlabelled tables with no columns line (site 7's trial);
// - of the page's file inputs, the texts of what operates them: their labels (FilePond's drop
//   label), the clickable area holding one (a drop zone), what one lies over. Clicking such a
//   control waits for a file chooser that may never come; setInputFiles does not need one;
// - of look-alike controls all named the same (a map's markers), their titles (item 5);
// - of a drawing that labels only its groups (Observable Plot's `bar`) or nothing (Chartist),
//   its unlabelled marks: the figures are in tooltips over them (sites 12 and 14's trials);
// - of a table in a shadow root, whether its cells show the host's children through slots
//   (Vaadin Grid's: hasText and toHaveText read none of their text, site 31);
// - of a whole page, the canvases a person sees (a chart's drawing is in no tree: site 10), the
//   grid one holds as fallback content (Glide Data Grid's, site 26), the widget libraries whose
//   marks are drawn, and a box drawn over the page with no dialog role (alertify's confirm: site 14).
// - of rows of plain cells some of them empty, where the empty ones are: the tree leaves them out;
//   and of plain cells laid one under another, that they are lines, not a row (an editor's).
// Tables, file inputs, canvases and library marks are searched in the document and its open
// shadow roots (an app of Lit or Vaadin components keeps everything in them).
// The tables, file inputs and widget libraries are read in tabwright's isolated world of the page
// (isolatedWorld.ts), one call for all; the page's scripts cannot see or change what it calls.
// That call needs nothing from the view, so observe() sends it beside the snapshot (asked after,
// the first observe() after a goto took ~6 ms longer): each table of the page (at most 50) comes
// back with what identifies it (role, header texts, label), matched to the view's (tableMatch.ts).
// Look-alikes' titles are read by ref (questions/alikeTitles.ts).
import type { Page } from 'playwright-core';
import { FIELD_FORMATS, type DrawnCanvas, type DrawnShapes, type FileFace, type TableFacts, type UnroledLayer, type ViewFacts } from './viewNodes.js';
import { isCanvas, isLayer } from './viewHeader.js';
import type { ViewNeeds } from './viewNeeds.js';
import { WIDGET_LIBRARIES } from './widgetLibraries.js';
import { slottedHosts } from './questions/slottedContent.js';
import { sideBySideRows } from './questions/sideBySideRows.js';
import { alikeTitles } from './questions/alikeTitles.js';
import { textboxCells } from './questions/textboxCells.js';
import { matchTables, type PageTable } from './tableMatch.js';
import { drawnShapes, marksInPage, shapesInPage } from './questions/drawingShapes.js';

/**
 * `libraries`: the marks of widget libraries to look for (widgetLibraries.ts); `canvases`: list
 * the drawn ones; `layers`: say a box over the page with no dialog role. All for a whole-page view.
 */
export interface FactsQuery { libraries?: readonly (readonly [string, string])[]; canvases?: boolean; layers?: boolean }
/**
 * `files`: the key (`textKey`) of each text that names or operates a file input, with how;
 * `fields`: the key of each name of a native date or time field, with its type;
 * `libraries`: the names of the widget libraries whose marks are in the page, in the table's order;
 * `gapped`: rows of plain cells some empty, each cell's key ('' for an empty one); `stacked`: plain
 * cells laid one under another, each non-empty one's key.
 */
export interface FactsAnswer { tables: PageTable[]; files?: [string, FileFace][]; fields?: [string, string][]; libraries?: string[]; canvases?: DrawnCanvas[]; layer?: UnroledLayer; gapped?: string[][]; stacked?: string[][] }

/** What observe() asks of a page beside its snapshot: its tables and file inputs always, widget libraries for a whole-page view. */
export function factsQuery(wholePage: boolean): FactsQuery {
  return wholePage ? { libraries: WIDGET_LIBRARIES, canvases: true, layers: true } : {};
}

/** Only the table's own names reach the header, whatever an answer holds. */
const LIBRARY_NAMES = new Set(WIDGET_LIBRARIES.map(([, name]) => name));
/** An answer's list of cell keys, as the page made them: strings of 60 characters at most. */
const keysOfCells = (row: unknown): row is string[] => Array.isArray(row) && row.every(k => typeof k === 'string' && k.length <= 60);

/**
 * Runs in the page (sent as text: self-contained): what the page says of each of its tables and
 * grids (the first 50, in document order), of what operates its file inputs, and which widget
 * libraries' marks it holds.
 */
export function factsInPage(query: FactsQuery): FactsAnswer {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const roleOf = (el: Element) => el.getAttribute('role') || (el.tagName === 'TABLE' ? 'table' : '');
  // A `<table role=presentation>` is layout: Handsontable draws its treegrid's panes so.
  const TABLE = 'table:not([role=presentation]):not([role=none]), [role=table], [role=grid], [role=treegrid]';
  const owner = (el: Element) => el.parentElement?.closest(TABLE);
  // Open shadow roots hold whole apps (Lit, Stencil, Vaadin's and Carbon's components): their
  // tables, file inputs, canvases and libraries' marks are searched as the document's are. Found
  // in one walk of the elements (bounded); a closed root stays closed.
  const roots: (Document | ShadowRoot)[] = [document];
  // And rows of five or more plain leaf cells, some empty: the tree leaves an empty cell out, and
  // the row's later cells read a column early (rolelessRows.ts). Each cell's key, '' if empty.
  const key = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 300);
  const gapped: string[][] = [];
  // Five lines of text one under another (TinyMDE's, its marks in spans: site 36) are no row's cells.
  const stacked: string[][] = [];
  let looked = 0;
  const under = (cells: Element[]) => cells.map(c => c.getBoundingClientRect()).filter(b => b.height > 0).every((b, i, all) => i === 0 || b.top >= all[i - 1].bottom - 1);
  const CONTROL = /^(input|button|a|select|textarea|img|svg|canvas)$/i;
  const plain = (c: Element) => c.childElementCount === 0 && !c.hasAttribute('role') && !CONTROL.test(c.localName);
  const inline = (c: Element) => !c.hasAttribute('role') && !CONTROL.test(c.localName) && !c.querySelector('div, p, li, table, [role], input, button, a, select, textarea');
  for (let r = 0, seen = 0; r < roots.length && roots.length < 200; r++) {
    const inRoot = roots[r].querySelectorAll('*');
    for (let i = 0; i < inRoot.length && seen < 60000; i++, seen++) {
      const shadow = inRoot[i].shadowRoot;
      if (shadow) roots.push(shadow);
      const cells = Array.from(inRoot[i].children);
      if (cells.length < 5 || cells.length > 40 || !cells.every(inline)) continue;
      const keys = () => cells.map(c => key(c.textContent).slice(0, 60));
      if (stacked.length < 50 && looked++ < 300 && under(cells)) stacked.push(keys().filter(Boolean));
      else if (gapped.length < 100 && cells.every(plain) && keys().includes('') && keys().filter(Boolean).length >= 2) gapped.push(keys());
    }
  }
  const everywhere = (selector: string) => roots.flatMap(root => [...root.querySelectorAll(selector)]);
  const elements = everywhere(TABLE).slice(0, 50);
  const headersOf = (table: Element) => [...table.querySelectorAll('[role=columnheader], th:not([scope=row])')]
    .filter(h => owner(h) === table && (h.getAttribute('role') ?? 'columnheader') === 'columnheader').slice(0, 200);
  const labelOf = (el: Element) => norm(el.getAttribute('aria-label'))
    || norm((el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map(id => document.getElementById(id)?.textContent ?? '').join(' '));
  const count = (el: Element, name: string) => {
    const n = Number.parseInt(el.getAttribute(name) ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  /** How much of an element's width its clipping ancestors and the window let show. */
  const shownShare = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0) return 0;
    let left = Math.max(r.left, 0);
    let right = Math.min(r.right, window.innerWidth);
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const box = a.getBoundingClientRect();
      left = Math.max(left, box.left);
      right = Math.min(right, box.right);
    }
    return Math.max(0, right - left) / r.width;
  };
  const operable = (el: Element) => getComputedStyle(el).cursor === 'pointer' || el.matches('button, a[href], [role=button], [role=link]');
  const shown = (el: Element) => el.checkVisibility?.({ visibilityProperty: true }) ?? true;
  // Each table's own rows, found once: scrolling, the panes' row indexes and the header-pane search all ask.
  const rows = new Map<Element, Element[]>();
  const rowsOf = (table: Element) => {
    let own = rows.get(table);
    if (!own) rows.set(table, own = [...table.querySelectorAll('[role=row], tr')].filter(r => owner(r) === table));
    return own;
  };
  /**
   * Whether the element holding the table's rows scrolls down, and sideways: the first and last
   * rows' scrollers inside the table (they differ when panes draw it), and its own wrapper's (a
   * `<table>` in a scrolling `<div>`: three levels at most, holding no other table). `side`: the
   * sideways scroller's shown and whole width.
   */
  const scrolling = (table: Element) => {
    const own = rowsOf(table);
    const found: { down: boolean; side?: [number, number] } = { down: false };
    const look = (a: Element) => {
      const style = getComputedStyle(a);
      // Clearly more than the box: a few pixels of a border or a rounding are no hidden row.
      if (/auto|scroll|overlay/.test(style.overflowY) && a.scrollHeight - a.clientHeight > 16) found.down = true;
      if (/auto|scroll|overlay/.test(style.overflowX) && a.scrollWidth - a.clientWidth > 16) found.side ??= [a.clientWidth, a.scrollWidth];
    };
    for (const row of new Set([own[0], own[own.length - 1]])) {
      for (let a: Element | null = row?.parentElement ?? table; a && table.contains(a); a = a.parentElement) look(a);
    }
    for (let a = table.parentElement, n = 0; a && a !== document.body && n < 3 && a.querySelectorAll(TABLE).length === 1; a = a.parentElement, n++) look(a);
    return found;
  };
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  /** A row's cells, with their left and right edges. */
  const edgesOf = (row: Element | undefined) => [...(row?.children ?? [])].filter(c => c.matches(CELL)).map(cell => {
    const box = cell.getBoundingClientRect();
    return { cell, left: Math.round(box.left), right: Math.round(box.right) };
  });
  const headerText = (h: Element) => norm(h.getAttribute('aria-label')) || norm((h as HTMLElement).innerText);
  /** The tables of one row, each with its row and bottom edge: the header panes a headerless table may have. Read once, when one is asked for. */
  let oneRowTables: { table: Element; row: Element; bottom: number }[] | undefined;
  /**
   * For a table with no headers: the texts of a one-row table drawn right above it whose cells
   * stand over its own, cell for cell ('' over a cell with none), and that table (w2ui's header
   * row of plain cells, TOAST UI Grid's of <th>). A look-alike row elsewhere is no header: at
   * least two cells must line up, most of them, edge to edge. `rest`: the header's texts over no
   * cell of it (columns its rows do not draw yet: TOAST UI Grid's).
   */
  const paneHeader = (table: Element): { texts: string[]; rest: string[]; pane: Element } | undefined => {
    // The top of what shows of it: a table scrolled down in its pane starts above its header.
    let top = table.getBoundingClientRect().top;
    for (let a = table.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowY !== 'visible') top = Math.max(top, a.getBoundingClientRect().top);
    }
    const first = edgesOf(rowsOf(table).find(r => edgesOf(r).filter(c => c.right > c.left).length >= 2)).filter(c => c.right > c.left);
    if (first.length < 2) return undefined;
    oneRowTables ??= elements.filter(e => rowsOf(e).length === 1).map(e => ({ table: e, row: rowsOf(e)[0], bottom: e.getBoundingClientRect().bottom }));
    for (const { table: other, row, bottom } of oneRowTables) {
      if (other === table || other.contains(table) || table.contains(other) || bottom > top + 2 || top - bottom > 60) continue;
      const over = edgesOf(row);
      const texts = first.map(c => over.find(o => Math.abs(o.left - c.left) <= 2 && Math.abs(o.right - c.right) <= 2));
      const lined = texts.filter(Boolean).length;
      if (lined < 2 || lined < first.length * 0.6 || !texts.some(o => o && headerText(o.cell))) continue;
      const rest = over.filter(o => !texts.includes(o)).map(o => headerText(o.cell)).filter(Boolean);
      return { texts: texts.map(o => (o ? headerText(o.cell) : '')), rest, pane: other };
    }
    return undefined;
  };
  const panes = new Set<Element>();
  const tables = elements.map((table): PageTable => {
    const headers = headersOf(table);
    // The header rows' cells, a corner over the row numbers included (observe() shows it as `#`).
    const headerCells = [...new Set(headers.map(h => h.parentElement))].flatMap(row => [...(row?.children ?? [])].filter(c => c.matches(CELL)));
    const indices = headerCells.map(h => count(h, 'aria-colindex')).filter((n): n is number => n !== undefined);
    const outOfView = headers.filter(h => shownShare(h) < 0.5).map(headerText).filter(Boolean);
    const facts: TableFacts = {};
    const rowCount = count(table, 'aria-rowcount');
    const colCount = count(table, 'aria-colcount');
    if (rowCount !== undefined) facts.rowCount = rowCount;
    if (colCount !== undefined) facts.colCount = colCount;
    if (indices.length === headerCells.length && indices.length) {
      facts.firstColumn = Math.min(...indices);
      facts.lastColumn = Math.max(...indices);
    }
    if (outOfView.length) facts.outOfView = outOfView.slice(0, 30);
    // A grid with pinned columns (RevoGrid, AG Grid) draws each row in several panes, one row
    // element per pane, all with the row's aria-rowindex: given only when some repeat. The rows
    // the snapshot has (shown ones), each with its cells' aria-colindex: a pane that copies
    // another's cells (Handsontable's frozen-column clone) repeats them.
    const rows = rowsOf(table);
    const shownRows = rows.filter(shown).slice(0, 500);
    const indexes = shownRows.map(r => count(r, 'aria-rowindex') ?? 0);
    const numbered = indexes.filter(n => n > 0);
    const shownCells = shownRows.map(r => [...r.children].filter(c => c.matches(CELL) && shown(c)));
    if (new Set(numbered).size < numbered.length) {
      facts.rowIndexes = indexes;
      facts.cellIndexes = shownCells.map(cells => cells.map(c => count(c, 'aria-colindex') ?? 0));
    }
    // Days a calendar marks unpickable by a class alone (Zebra_DatePicker's dp_disabled): where they are.
    // A word before it that names one capability says only that is off, not the cell: Vaadin
    // Grid's `drag-disabled-row-cell` on every cell read all of site 31's grid as disabled.
    const offClass = (c: Element) => Array.from(c.classList).find(t => /^(?:.*[-_])?(?:disabled|unavailable|blocked|locked)(?:[-_].*)?$/i.test(t)
      && !/(?:^|[-_])(?:drag|drop|dnd|sort\w*|resiz\w*|reorder\w*|select\w*|edit\w*|hover|scroll\w*|filter\w*)[-_](?:disabled|unavailable|blocked|locked)/i.test(t));
    const off = Array.from(table.querySelectorAll('[class*=disabled i], [class*=unavailable i], [class*=blocked i], [class*=locked i]')).filter(c => c.matches(CELL) && !c.hasAttribute('aria-disabled') && offClass(c)).slice(0, 500);
    const at = new Map(off.length ? shownCells.flatMap((cells, r) => cells.map((c, i): [Element, [number, number]] => [c, [r, i]])) : []);
    const places = off.flatMap(c => (at.has(c) ? [at.get(c)!] : []));
    if (places.length) facts.classDisabled = { name: offClass(off[0])!, shape: shownCells.map(cells => cells.length), cells: places };
    // Cells in a shadow root that show the host's children through slots (Vaadin Grid's): the host's tag.
    const root = table.getRootNode();
    if (root instanceof ShadowRoot && shownCells.flat().slice(0, 60).some(c => [...c.querySelectorAll('slot')].some(s => s.assignedNodes({ flatten: true }).some(n => norm(n.textContent))))) facts.slottedFrom = root.host.localName;
    // A grid drawn by columns (webix): gridcells with their indexes and no row around them.
    if (!rows.length) {
      const loose = Array.from(table.querySelectorAll('[role=gridcell][aria-rowindex]')).filter(shown).slice(0, 2000);
      if (loose.length) facts.looseCells = loose.map(c => [count(c, 'aria-rowindex') ?? 0, count(c, 'aria-colindex') ?? 0]);
    }
    const scrolls = scrolling(table);
    // A count no more than what is drawn, in a grid that scrolls, counts only that (SVAR's: 18 rows and 10 columns of 320 and 21).
    if (scrolls.down && (rowCount === undefined || rowCount <= rows.length)) facts.scrollsRows = true;
    if (scrolls.side) {
      if (colCount === undefined || colCount <= Math.max(0, ...shownCells.map(c => c.length))) facts.scrollsColumns = true;
      const [inView, whole] = scrolls.side; // the window that shows it: wider by what is hidden, or in proportion to the grid's share of it (site 23)
      const wide = Math.max(window.innerWidth + whole - inView, Math.ceil(window.innerWidth * whole / Math.max(1, inView))) + 20;
      facts.widthShown = { shown: inView, whole, viewport: [wide, window.innerHeight] };
    }
    const header = headers.length ? undefined : paneHeader(table);
    if (header) {
      facts.paneHeader = header.texts;
      if (header.rest.length) facts.outOfView = [...(facts.outOfView ?? []), ...header.rest].slice(0, 30);
      panes.add(header.pane);
    }
    const columns = headers.map(headerText).join('|');
    return { role: roleOf(table), columns, label: labelOf(table), facts };
  });
  // A header pane is said as the columns of the table under it.
  elements.forEach((table, i) => { if (panes.has(table)) tables[i].facts.headerPane = true; });
  // One querySelectorAll per mark: a miss walks the document once, a hit is checked for a box.
  const libraries = query.libraries && [...new Set(query.libraries.filter(([selector]) => {
    // Drawn only: an app that keeps every page in the document, hidden (display:none), named the
    // editor of another page on each of its pages (site 12's CKEditor on the dashboard).
    try { return roots.some(root => Array.from(root.querySelectorAll(selector)).some(el => el.getClientRects().length > 0)); } catch { return false; }
  }).map(([, name]) => name))];
  // Canvases a person sees (a chart, a canvas grid): what they draw is in no accessibility tree.
  // An aria-hidden one too: amCharts hides its canvases and keeps only empty tooltip templates
  // in the tree, and site 15's chart was nowhere in the view.
  const canvases = query.canvases ? everywhere('canvas').flatMap((canvas): DrawnCanvas[] => {
    const box = canvas.getBoundingClientRect();
    if (box.width < 64 || box.height < 64 || getComputedStyle(canvas).visibility === 'hidden') return [];
    // Its fallback content, when it is a grid of what it draws (Glide Data Grid's, for screen
    // readers): Playwright takes it for hidden (no box), and the view said the canvas was in no view (site 26).
    const grid = canvas.querySelector('table, [role=grid], [role=treegrid]');
    const rows = grid ? Array.from(grid.querySelectorAll('tr, [role=row]')).slice(0, 13).map(row => Array.from(row.children).slice(0, 24).map(cell => norm(cell.textContent).slice(0, 60))) : [];
    const declared = (name: string) => Number(grid?.getAttribute(name)) || undefined;
    const fallback = rows.length ? { rows, rowCount: declared('aria-rowcount'), colCount: declared('aria-colcount') } : undefined;
    return [{ width: Math.round(box.width), height: Math.round(box.height), x: Math.round(box.left), y: Math.round(box.top), ...(box.right >= innerWidth - 40 ? { toEdge: true as const } : {}), ...(fallback ? { fallback } : {}) }];
  }).slice(0, 3) : undefined;
  // A box drawn over the page that sets no dialog role: the outermost fixed element at the
  // viewport's centre, holding a control (a div with a pointer cursor is one: jBox's buttons),
  // no dialog in or around it, a quarter of the viewport or more or beside it a backdrop (a
  // fixed element outside it over nine tenths of the viewport, holding no control: jBox's
  // overlay), and drawn over something outside it: a sibling of it or of an ancestor whose
  // centre it takes (a fixed app shell holds the page and covers nothing; a toast drawn over
  // the shell is not under it). Named by a selector that finds only it.
  const layer = ((): UnroledLayer | undefined => {
    if (!query.layers) return undefined;
    let top: Element | undefined;
    for (let a = document.elementFromPoint(innerWidth / 2, innerHeight / 2); a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).position === 'fixed') top = a;
    }
    if (!top || top.closest('[role=dialog], [role=alertdialog], dialog') || top.querySelector('[role=dialog], [role=alertdialog], dialog[open]')) return undefined;
    const box = top.getBoundingClientRect();
    const controls = 'button, a[href], input, select, textarea, [role=button]';
    if (!top.querySelector(controls) && !Array.from(top.querySelectorAll('*')).slice(0, 300).some(operable)) return undefined;
    const backdrop = () => [[box.left - 8, (box.top + box.bottom) / 2], [box.right + 8, (box.top + box.bottom) / 2]].some(([x, y]) => {
      for (let a = x > 0 && x < innerWidth ? document.elementFromPoint(x, y) : null; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        if (top!.contains(a) || a.contains(top!)) return false;
        const r = a.getBoundingClientRect();
        if (getComputedStyle(a).position === 'fixed') return r.width * r.height >= 0.9 * innerWidth * innerHeight && !a.querySelector(controls);
      }
      return false;
    });
    if (box.width * box.height < (innerWidth * innerHeight) / 4 && !backdrop()) return undefined;
    const outside: Element[] = [];
    for (let a: Element | null = top; a?.parentElement && outside.length < 200; a = a.parentElement) {
      for (const sibling of Array.from(a.parentElement.children)) if (sibling !== a) outside.push(sibling);
    }
    const over = outside.slice(0, 200).some(el => {
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max((r.left + r.right) / 2, box.left), box.right - 1);
      const y = Math.min(Math.max((r.top + r.bottom) / 2, box.top), box.bottom - 1);
      if (r.width <= 0 || r.height <= 0 || x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && top!.contains(hit);
    });
    if (!over) return undefined;
    const only = Array.from(top.classList).find(c => document.querySelectorAll(`.${CSS.escape(c)}`).length === 1);
    const selector = top.id && document.querySelectorAll(`#${CSS.escape(top.id)}`).length === 1 ? `#${CSS.escape(top.id)}` : only ? `${top.localName}.${CSS.escape(only)}` : '';
    return selector ? { selector, text: norm(top instanceof HTMLElement ? top.innerText : top.textContent).slice(0, 80) } : undefined;
  })();
  const faces = new Map<string, FileFace>();
  // Text as a person reads it, slotted content included: a web component's label is often a <slot>
  // (Carbon's file uploader), whose text is in no innerText or textContent of the label's own.
  const flatText = (from: Node): string => {
    let out = '';
    const walk = (node: Node) => {
      if (out.length > 300) return;
      if (node.nodeType === Node.TEXT_NODE) out += node.textContent ?? '';
      if (!(node instanceof Element) || node.localName === 'script' || node.localName === 'style') return;
      const assigned = node instanceof HTMLSlotElement ? node.assignedNodes({ flatten: true }) : [];
      for (const child of assigned.length ? assigned : node.shadowRoot ? [...node.shadowRoot.childNodes] : [...node.childNodes]) walk(child);
    };
    walk(from);
    return out;
  };
  const face = (el: Element | null | undefined, how: FileFace) => {
    const k = key(el instanceof HTMLElement ? el.innerText || el.textContent : el?.textContent) || (el ? key(flatText(el)) : '');
    if (k && !faces.has(k)) faces.set(k, how);
  };
  for (const input of everywhere('input[type=file]').slice(0, 20) as HTMLInputElement[]) {
    // What names it: its labels, aria-labelledby, aria-label (setInputFiles on a label reaches its input).
    // Not a label around a button that holds the input (Carbon's drop zone): setInputFiles on that
    // button fails, and its text is the label's; the button is said below, as holding the input.
    // A clickable area holding it (a drop zone), a few levels up: only operable ones, so a plain wrapper's button is not taken for it.
    const holders: Element[] = [];
    for (let a = input.parentElement, n = 0; a && a !== document.body && n < 4; a = a.parentElement, n++) if (operable(a)) holders.push(a);
    const holder = holders[0];
    for (const label of input.labels ?? []) if (!holder || holder === label || !label.contains(holder)) face(label, 'is');
    const home = input.getRootNode() as Document | ShadowRoot;
    for (const id of (input.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) face(home.getElementById(id), 'is');
    // A control holding it is said first: flow.js puts a hidden, unnamed input inside its "Choose
    // file…" button, whose text is the name Chromium gives an unnamed input (site 13's trial: the
    // button was marked "setInputFiles on it", which fails on a button).
    for (const a of holders) face(a, 'inside');
    const own = key(input.getAttribute('aria-label') || input.title);
    if (own && !faces.has(own)) faces.set(own, 'is');
    // Unnamed, the snapshot names it as Chromium shows it.
    else if (!own && !input.labels?.length && !input.getAttribute('aria-labelledby') && !faces.has('choosefile')) faces.set('choosefile', 'is');
    // A control it lies over, invisible (a real-sized input: a 1-pixel or zero one lies over nothing).
    const box = input.getBoundingClientRect();
    if (box.width >= 10 && box.height >= 10) {
      for (const el of document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2).slice(0, 6)) {
        if (el !== input && !el.contains(input) && operable(el)) face(el, 'over');
      }
    }
  }
  // Native date and time fields, by what names them (their labels, aria-labelledby, aria-label).
  const fields: [string, string][] = [];
  for (const input of everywhere('input[type=date], input[type=time], input[type=datetime-local], input[type=month], input[type=week]').slice(0, 40) as HTMLInputElement[]) {
    const home = input.getRootNode() as Document | ShadowRoot;
    const namers = [...(input.labels ?? []), ...(input.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean).map(id => home.getElementById(id))];
    const names = [...namers.map(el => (el ? el.innerText || el.textContent : '')), input.getAttribute('aria-label'), input.title];
    for (const name of names) if (key(name)) fields.push([key(name), input.type]);
  }
  return { tables, files: [...faces].slice(0, 60), fields: fields.slice(0, 60), libraries, ...(gapped.length ? { gapped } : {}), ...(stacked.length ? { stacked } : {}), ...(canvases?.length ? { canvases } : {}), ...(layer ? { layer } : {}) };
}

/** What the view's needs get from the page (`answer`: factsInPage's, undefined when it could not be read: the view then says less). */
export async function pageFactsFor(page: Page, needs: ViewNeeds, answer: FactsAnswer | undefined): Promise<ViewFacts> {
  const [titles, shapes, marks, slotted, sideBySide, textboxes] = await Promise.all([
    alikeTitles(page, needs.alike), drawnShapes(page, needs.shapes, shapesInPage), drawnShapes(page, needs.marks, marksInPage), slottedHosts(page, needs.dialogs), sideBySideRows(page, needs.rowRuns), textboxCells(page, needs.textboxTables),
  ]);
  return {
    tables: matchTables(needs.tables, answer?.tables ?? []), titles, files: new Map(needs.operable ? answer?.files ?? [] : []),
    fieldTypes: new Map((answer?.fields ?? []).filter(([name, type]) => typeof name === 'string' && Object.hasOwn(FIELD_FORMATS, type))),
    libraries: answer?.libraries?.filter(name => LIBRARY_NAMES.has(name)), shapes, marks,
    canvases: answer?.canvases?.filter(isCanvas).slice(0, 3),
    layer: isLayer(answer?.layer) ? answer.layer : undefined,
    gappedRows: answer?.gapped?.filter(keysOfCells),
    stackedLines: answer?.stacked?.filter(keysOfCells),
    slotted, sideBySide, textboxCells: textboxes,
  };
}
