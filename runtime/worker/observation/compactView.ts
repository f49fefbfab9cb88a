// The compact observation: Playwright's ai-mode aria snapshot (as `ariaSnapshotJSON` returns
// it) turned into the few lines a model needs to act next. Pure: no browser, so it is
// unit-tested on snapshot trees.
//
// Why this shape: the result travels JSON-encoded inside a receipt and is re-read by the model
// on every later turn, so each byte counts several times. Lines carry no quotes (each `"`
// costs a backslash in JSON), one space of indent per level, and the ref first so that the
// name needs no delimiter: `e12 button Next month`. What is left out: unnamed wrappers,
// separators and images, text that repeats a control's label, symbols inside named controls
// (Playwright already drops what is not rendered: display:none, visibility:hidden, hidden).
// What is shortened says so in its own line: a run of look-alike controls becomes one line
// with its name pattern and first..last ref, a long table keeps its first and last rows with
// the count in between, and the size cap ends with a note of what it cut.

import { canvasLines, headerText, layerLines } from './viewHeader.js';
import {
  ALWAYS_BLOCKS, CELLS, CONTROLS, looseHeaders, LIVE, NAMED_BLOCKS, PINNED, SKIPPED, TABLES, VALUED,
  bullet, cellText, clean, collectRows, cut, fieldMark, fileMark, hiddenMark, isClickable, lineOf, same, scrollNote, shownText, states, textOf, textParts,
  columnNote, hasControl, hasDrawing, pinFirst, withoutSpacers, type AriaElement, type AriaNode, type Item, type TableFacts, type ViewFacts, type ViewLine,
} from './viewNodes.js';
import { joinInlineText } from './tree/inlineText.js';
import { rowLine, shownRows } from './tree/tableRows.js';
import { partsBesideRows } from './tree/besideRows.js';
import { textboxCellsNote, withTextboxCells } from './tree/textboxCells.js';
import { mergePaneRows, paneNote } from './tree/paneRows.js';
import { withoutLabels } from './tree/labelText.js';
import { closedListRun, holdsCombobox, refsSayDrawn, unclickedMark, undrawnLine, withoutClosedList, withoutUndrawn } from './tree/undrawn.js';
import { bareDrawingNote, drawingLines, drawingText, partLabels } from './tree/drawingLabels.js';
import { collapseRuns } from './tree/lookAlikeRuns.js';
import { PlainRows } from './tree/plainRows.js';
import { liftOwnedPopups } from './tree/ownedPopups.js';
import { rowsFromColumns } from './tree/columnCells.js';
import { withClassDisabled } from './tree/classDisabled.js';
import { namedApart } from './tree/namedCells.js';
import { fieldValue, optionList } from './tree/fieldValue.js';
import { slottedCellsNote, slottedMark } from './questions/slottedContent.js';
import type { ViewNeeds } from './viewNeeds.js';
export type { ViewNeeds } from './viewNeeds.js';

export type { AlikeRun, AriaElement, AriaNode, TableFacts, ViewFacts, ViewLine } from './viewNodes.js';
export { MIN_RUN, MAX_TABLE_ROWS } from './viewNodes.js';

interface Scope {
  key: string;
  /** The enclosing container's name: text repeating it is a label, left out. */
  name?: string;
}

/** How a node placed by aria-owns is marked: the view nests it under its owner, the DOM does not. */
export const ELSEWHERE_MARK = ' [DOM elsewhere: locate from page]';

class Renderer {
  private synthetic = 0;
  /** Inside an iframe's content: its tables are another document's. */
  private inFrame = 0;
  /** Inside a drawing (an img whose shapes take clicks). */
  private inDrawing = 0;
  readonly needs: ViewNeeds = { tables: [], alike: [], operable: false, textRows: false, shapes: [], marks: [], dialogs: [], rowRuns: [], textboxTables: [] };
  /** Rows drawn without roles (tree/plainRows.ts). */
  private readonly plainRows: PlainRows;

  /** `elsewhere`: refs of nodes whose DOM parent is not the node they are shown under; `facts`: what the page said besides; `refsMarkDrawn`: the tree's refs say what is drawn (undrawn.ts). */
  constructor(tree: readonly AriaNode[], private readonly elsewhere: ReadonlySet<string> = new Set(), private readonly facts?: ViewFacts, private readonly refsMarkDrawn = false) {
    this.plainRows = new PlainRows(tree, facts?.gappedRows, facts?.stackedLines, facts?.sideBySide);
  }

  private mark(node: AriaElement): string {
    return node.ref && this.elsewhere.has(node.ref) ? ELSEWHERE_MARK : '';
  }

  /** A key for what has no ref: stable as long as the page keeps its structure. */
  private keyFor(node: AriaElement | undefined, scope: Scope, what: string): string {
    return node?.ref ?? `${scope.key}/${what}${this.synthetic++}`;
  }

  level(nodes: AriaNode[], scope: Scope, depth: number): ViewLine[] {
    const items = this.items(nodes, scope, depth);
    return this.emit(this.collapse(withoutLabels(items, scope.name), scope.key), depth);
  }

  /** Flattens one level: unnamed wrappers give their children to this level. */
  private items(nodes: AriaNode[], scope: Scope, depth: number, inControl = false): Item[] {
    const out: Item[] = [];
    const joined = joinInlineText(nodes);
    this.plainRows.noteRuns(joined, this.needs.rowRuns);
    for (let at = 0; at < joined.length; at++) {
      const node = joined[at];
      if (typeof node === 'string') {
        const text = clean(node);
        if (text && !inControl) out.push({ kind: 'text', key: `${scope.key}/t${this.synthetic++}`, text: cut(text) });
        continue;
      }
      // A combobox's closed list after it (Fluent's, Shoelace's: tree/undrawn.ts) is one line, not text of the page.
      const closed = this.refsMarkDrawn && !inControl && at > 0 && node.ref === undefined ? closedListRun(joined, at) : undefined;
      if (closed?.texts.length && holdsCombobox(joined[at - 1])) {
        out.push({ kind: 'text', key: `${scope.key}/closed${this.synthetic++}`, text: `(options of the combobox above, not drawn until it opens: ${optionList(closed.texts)})` });
        at = closed.end - 1;
        continue;
      }
      out.push(...this.element(node, scope, depth, inControl));
    }
    return out;
  }

  private element(node: AriaElement, scope: Scope, depth: number, inControl: boolean): Item[] {
    const role = node.role;
    const name = clean(node.name);
    if (SKIPPED.has(role)) return [];
    const undrawn = this.refsMarkDrawn && !inControl ? undrawnLine(node) : undefined;
    if (undrawn) return [{ kind: 'text', key: this.keyFor(node, scope, 'undrawn'), text: undrawn }];
    // A drawing whose shapes take clicks (an SVG map's markers, a chart's bars) shows them as its
    // controls; one that labels its parts for assistive tech (Vega's marks: `Year: 2026; Lifts:
    // 266`) shows the labels, where its figures are; one with neither is left out.
    if (role === 'img' && !isClickable(node)) {
      const controls = hasControl(node.children ?? []);
      // Labels may name the groups, not the figures, or there may be none, only axis text
      // (Chartist), or the controls may be a legend's entries only (c3's points, site 28): the page
      // counts the marks (tree/drawingLabels.ts), of the innermost drawing (a div and its svg are one).
      const ref = this.inFrame || (controls && hasDrawing(node.children ?? [])) ? undefined : node.ref;
      if (ref) this.needs.marks.push(ref);
      const marks = ref ? this.facts?.marks?.get(ref) : undefined;
      if (!controls) {
        const labels = partLabels(node.children ?? []);
        const text = labels.length ? '' : drawingText(textOf({ role: 'generic', children: node.children }));
        const bare = !labels.length && !marks && ref ? bareDrawingNote(text) : '';
        if (!labels.length && !marks && !bare) return [];
        const key = this.keyFor(node, scope, 'img');
        const below = drawingLines(labels, key, depth + 1, ref, marks);
        return [{ kind: 'line', key, text: `${bare ? `${ref} ` : ''}img${name ? ` ${name}` : ''}:${text ? ` ${text}` : ''}${bare}`, below }];
      }
      this.inDrawing++;
      const drawing = this.block(node, scope, depth);
      this.inDrawing--;
      if (marks && drawing.kind === 'line') drawing.below.push(...drawingLines([], drawing.key, depth + 1, ref, marks));
      return [drawing];
    }
    if (CONTROLS.has(role) || (isClickable(node) && !inControl)) return [this.control(node, scope, depth)];
    // A table inside a control is a popup it owns (pickadate's input owns its calendar by
    // aria-owns): its cells are what a person picks, not the control's name (site 14's trial).
    if (inControl && TABLES.has(role)) return this.table(node, scope, depth);
    if (inControl) {
      // A control's own content is its name; only further controls inside it count.
      return this.items(node.children ?? [], scope, depth, true);
    }
    if (role === 'heading') return [this.heading(node, scope, depth)];
    if (LIVE.has(role)) return [this.live(node, scope, depth)];
    if (TABLES.has(role)) return this.table(node, scope, depth);
    // A row outside any table (observe(row)): one line of its cells, as a table prints it.
    if (role === 'row' && (node.children ?? []).some(c => typeof c !== 'string' && CELLS.has(c.role))) return [this.row(node, scope, depth)];
    if (ALWAYS_BLOCKS.has(role) || (name && NAMED_BLOCKS.has(role))) return [this.block(node, scope, depth)];
    const out: Item[] = [];
    const text = clean(node.text);
    // Cells drawn without roles (Frappe DataTable's, named by their titles; plain divs of text): one line, as a table row reads.
    const plain = this.plainRows.line(node);
    if (plain !== undefined) {
      this.needs.textRows = true;
      const line: Item[] = plain ? [{ kind: 'text', key: this.keyFor(node, scope, 'cells'), text: cut(plain.text, 300) }] : [];
      return plain?.note ? [{ kind: 'text', key: `${scope.key}/panes`, text: plain.note }, ...line] : line;
    }
    // A wrapper named by its title or label (a multi-select's chip around its remove control, an
    // empty slot showing CSS content: site 33) says its name first, unless its text or content says the same.
    if (name && !same(name, text) && !same(name, textOf({ role: 'generic', children: node.children }))) out.push({ kind: 'text', key: `${this.keyFor(node, scope, 't')}/name`, text: cut(name) });
    if (text) out.push({ kind: 'text', key: this.keyFor(node, scope, 't'), text: cut(text) });
    out.push(...this.items(node.children ?? [], scope, depth));
    if (role === 'listitem' && out.length) out[0] = bullet(out[0]);
    return out;
  }

  private control(whole: AriaElement, scope: Scope, depth: number): Item {
    const role = isClickable(whole) ? 'clickable' : whole.role;
    // A closed list kept inside its control is left out of its name and lines, and said (tree/undrawn.ts).
    const drawn = this.refsMarkDrawn && whole.ref && whole.children ? withoutUndrawn(whole.children) : undefined;
    let node = drawn?.dropped.length ? { ...whole, children: drawn.nodes } : whole;
    // A combobox holding its closed list's texts (Fluent's select): they are options, not its value.
    const closed = this.refsMarkDrawn && node.role === 'combobox' && node.children ? withoutClosedList(node.children) : undefined;
    if (closed?.texts.length) node = { ...node, children: closed.nodes };
    // A listbox of one option, chosen, is a closed select showing its value (Dijit's Select: site 36).
    const all = (node.children ?? []).filter((c): c is AriaElement => typeof c !== 'string' && c.role === 'option');
    const options = node.role === 'listbox' && all.length === 1 && all[0].selected ? all : all.filter(o => !o.ref);
    const valued = VALUED.has(node.role);
    // A field's content is its value, never its name (a code editor's lines are no label).
    const content = node.children ? textParts({ role: 'generic', children: node.children }) : [];
    let name = clean(node.name) || (valued || options.length ? '' : clean(node.text));
    // Text gathered from several elements is no one element's: getByText finds each part, not the line.
    // A list of options is never named by their texts (they follow as its value and options), nor
    // is a listbox (its options may sit in a group: Fluent's combobox, open).
    const contentNames = !valued && !options.length && node.role !== 'listbox';
    const split = !name && contentNames && content.length > 1 ? ` [text of ${content.length} elements]` : '';
    if (!name && contentNames) name = content.join(' ');
    if (!name && node.placeholder) name = `(${clean(node.placeholder)})`;
    let rest = fieldValue(node, options, closed?.texts ?? [], content);
    if (!this.inFrame) rest += fieldMark(this.facts?.fieldTypes, role, clean(node.name));
    const operable = !this.inFrame && (role === 'button' || role === 'clickable');
    if (operable) this.needs.operable = true;
    // Its name, or its own text without the controls inside it (a drop zone's text, not its input's).
    const file = operable ? fileMark(this.facts?.files, [clean(node.name), textOf({ role: 'generic', text: node.text, children: (node.children ?? []).filter(c => typeof c === 'string' || !CONTROLS.has(c.role)) }), name]) : '';
    rest += file;
    if (role === 'button' && clean(node.name) && !hasControl(node.children ?? [])) rest += shownText(clean(node.name), clean(node.text) || content.join(' '));
    if (this.inDrawing && role === 'clickable' && !name && node.ref && !this.inFrame) {
      // A series drawn as one clickable group (Highcharts' markers): its points are in no tree, the page says them.
      this.needs.shapes.push(node.ref);
      const shapes = this.facts?.shapes?.get(node.ref);
      if (shapes) rest += ` (${shapes.count} shapes inside, unnamed: hover each, page.getByRef('${node.ref}').locator('${shapes.selector}'))`;
    }
    rest += split + states(node) + (drawn?.dropped.length ? ` [not drawn inside it: ${cut(drawn.dropped.join(' '), 60)}]` : '') + this.mark(node) + unclickedMark(node, this.refsMarkDrawn && !file);
    const key = this.keyFor(node, scope, role);
    // A control inside one of the same role and name (Carbon's drop zone around its own button) is
    // one thing to a person, and the outer one is what takes the click: its line stands for both.
    const inner = this.items((node.children ?? []).filter(c => !options.includes(c as AriaElement)), { key, name }, depth + 1, true)
      .filter(i => !(i.kind === 'control' && i.role === role && i.below.length === 0 && name !== '' && same(i.name, cut(name, 100))));
    return { kind: 'control', key, ref: node.ref, role, name: cut(name, 100), rest, below: this.emit(inner, depth + 1), ...(node.active ? { active: true } : {}) };
  }

  private heading(node: AriaElement, scope: Scope, depth: number): Item {
    const marks = '#'.repeat(Math.min(Math.max(node.level ?? 2, 1), 6));
    const key = this.keyFor(node, scope, 'h');
    const name = clean(node.name) || clean(node.text);
    const inner = this.items(node.children ?? [], { key, name }, depth);
    const controls = inner.filter(i => i.kind === 'control');
    if (!name && controls.length === 1 && inner.length === 1) {
      // A heading that is a link: one line, the link's ref with the heading's level.
      const c = controls[0] as Extract<Item, { kind: 'control' }>;
      return { kind: 'line', key, text: `${marks} ${lineOf(c)}`, below: c.below };
    }
    const text = name || inner.map(i => (i.kind === 'text' ? i.text : i.kind === 'control' ? `[${lineOf(i)}]` : i.text)).join(' ');
    return { kind: 'line', key, text: `${marks} ${cut(text)}`, below: [] };
  }

  private live(node: AriaElement, scope: Scope, depth: number): Item {
    const key = this.keyFor(node, scope, node.role);
    const head = `${node.ref ? `${node.ref} ` : ''}${node.role}${clean(node.name) ? ` ${clean(node.name)}` : ''}${this.mark(node)}${hiddenMark(node)}`;
    const pinned = PINNED.has(node.role);
    const hasControls = hasControl(node.children ?? []);
    if (hasControls) {
      const lines = this.level(node.children ?? [], { key, name: clean(node.name) }, depth + 1);
      const own = clean(node.text);
      return { kind: 'line', key, text: `${head}:${own ? ` ${cut(own)}` : ''}`, below: lines, pinned };
    }
    const text = textOf({ role: 'generic', text: node.text, children: node.children });
    return { kind: 'line', key, text: text ? `${head}: ${cut(text, 300)}` : head, below: [], pinned };
  }

  private block(node: AriaElement, scope: Scope, depth: number): Item {
    const key = this.keyFor(node, scope, node.role);
    const name = clean(node.name);
    if (node.role === 'iframe') this.inFrame++;
    const below = this.level(node.children ?? [], { key, name }, depth + 1);
    if (node.role === 'iframe') this.inFrame--;
    const own = clean(node.text);
    if (ALWAYS_BLOCKS.has(node.role) && node.role !== 'iframe' && node.ref && !this.inFrame) this.needs.dialogs.push(node.ref);
    const marked = this.mark(node) + hiddenMark(node) + slottedMark(node.role, node.ref && this.facts?.slotted?.get(node.ref));
    const head = `${(node.role === 'iframe' || marked) && node.ref ? `${node.ref} ` : ''}${node.role}${name ? ` ${name}` : ''}${marked}`;
    const text = own && !same(own, name) ? `${head}: ${cut(own)}` : below.length ? `${head}:` : head;
    return { kind: 'line', key, text, below, pinned: PINNED.has(node.role) };
  }

  private table(whole: AriaElement, scope: Scope, depth: number): Item[] {
    const node = this.inFrame ? whole : withTextboxCells(whole, this.facts?.textboxCells, this.needs.textboxTables);
    const key = this.keyFor(node, scope, node.role);
    const name = clean(node.name);
    let rows = collectRows(node);
    const cellsOf = (row: AriaElement) => (row.children ?? []).filter((c): c is AriaElement => typeof c !== 'string' && CELLS.has(c.role));
    // A header row may start with a corner cell over the row numbers (Handsontable's "Select whole grid"): `#`.
    const isHeader = (row: AriaElement) => {
      const cells = cellsOf(row);
      // An empty cell past the headers (Wijmo's filler column, site 38) keeps the row a header row.
      return cells.some(c => c.role === 'columnheader') && cells.every((c, i) => c.role === 'columnheader' || (i === 0 && cells.length > 2) || (!clean(c.name) && !clean(c.text) && !c.children?.length));
    };
    const namesOf = (cells: AriaElement[]) => cells.map((c, i) => (c.role === 'columnheader' ? clean(c.name) || textOf(c) : i === 0 ? '#' : ''));
    const headers = rows.filter(isHeader);
    const below: ViewLine[] = [];
    const columns = namesOf(headers.length ? cellsOf(headers[0]) : looseHeaders(node));
    let facts: TableFacts | undefined;
    if (!this.inFrame) {
      facts = this.facts?.tables[this.needs.tables.length];
      this.needs.tables.push({ role: node.role, name, columns });
    }
    // A header pane (a one-row table drawn over another's cells) is said as that table's columns.
    if (facts?.headerPane) return [];
    const marked = withClassDisabled(rows, cellsOf, facts);
    rows = marked.rows;
    // Cells drawn by columns, in no row (webix): rows by their aria-rowindex.
    const firstByColumns = rows.length ? undefined : facts?.looseCells?.reduce((low, [row]) => Math.min(low, row), Infinity);
    if (firstByColumns !== undefined) rows = rowsFromColumns(node, facts?.looseCells);
    // A row drawn in several panes is one row; a pane's row with no cells (a row number) adds none.
    const inPage = mergePaneRows(rows, facts?.rowIndexes, facts?.cellIndexes);
    const body = inPage.filter(r => !isHeader(r) && !(facts?.rowIndexes && cellsOf(r).length === 0));
    // The header row merged across panes too (AG Grid's pinned header beside its centre one).
    const mergedHeader = facts?.rowIndexes ? inPage.find(isHeader) : undefined;
    let shown = mergedHeader ? namesOf(cellsOf(mergedHeader)) : columns;
    if (!shown.length && facts?.paneHeader) shown = facts.paneHeader;
    const itemsOf = (c: AriaElement): Item[] => this.cellItems(c, key, depth);
    // Spacers (a virtualised grid's blank rows and edge cells) say nothing: left out.
    const { rows: bodyRows, cells: cellItems, columns: kept } = withoutSpacers(body.map(r => cellsOf(r).map(itemsOf)), shown);
    const besides = partsBesideRows(node);
    if (!bodyRows.length && !kept.length && body.length && !besides.length) return [];
    if (kept.length) below.push({ depth: depth + 1, key: `${key}/columns`, text: `columns: ${kept.join(' | ')}${facts ? columnNote(facts, kept.length) : ''}` });
    // A grid of controls (a calendar): its controls form one level, where runs collapse.
    const cells = cellItems.flat();
    const controlsOnly = cells.some(items => items.length > 0)
      && cells.every(items => items.length === 0 || (items.length === 1 && items[0].kind === 'control'));
    const dataRows = bodyRows.filter(at => !cellsOf(body[at]).some(c => c.role === 'columnheader')).length; // a header's filters (DHTMLX): printed, not counted
    let count = controlsOnly ? '' : ` (${dataRows} rows)`;
    /** How many body rows the view shows, when it leaves some out. */
    let rowsShown: number | undefined;
    if (controlsOnly) {
      below.push(...this.emit(this.collapse(cellItems.flat(2), key), depth + 1));
    } else {
      const all = bodyRows.map((at, i): ViewLine => ({
        depth: depth + 1, key: body[at].ref ?? `${key}/r${at}`, text: cut(rowLine(cellItems[i].map(cellText)), 300),
      }));
      const controls = cellItems.map(cells => cells.flat().filter((i): i is Extract<Item, { kind: 'control' }> => i.kind === 'control'));
      const kept = shownRows(all, controls, key, depth + 1);
      below.push(...kept.lines);
      if (kept.shown < all.length) {
        rowsShown = kept.shown;
        count = ` (${dataRows} rows, ${rowsShown} shown)`;
      }
    }
    // A grid that declares more rows than the page holds renders only those in view (virtualised).
    if (facts?.rowCount !== undefined && facts.rowCount > inPage.length) {
      count = ` (${facts.rowCount} rows declared, ${inPage.length} in the page${rowsShown !== undefined ? `, ${rowsShown} shown` : ''})`;
    }
    const noted = (note: string | undefined) => { if (note) count = count ? count.replace(/\)$/, `; ${note})`) : ` (${note})`; };
    noted(scrollNote(facts));
    if (firstByColumns !== undefined) noted(`no row elements: its cells are drawn by columns, a row's cells share aria-rowindex: page.locator('[role=gridcell][aria-rowindex="${firstByColumns}"]')`);
    noted(paneNote(rows, facts?.rowIndexes, row => (isHeader(row) ? namesOf(cellsOf(row)) : [])));
    noted(marked.note);
    if (node !== whole) noted(textboxCellsNote(clean(cellsOf(body[bodyRows[0]] ?? { role: 'row' })[0]?.name)));
    if (facts?.slottedFrom) noted(slottedCellsNote(facts.slottedFrom, body[bodyRows[0]] && textOf(cellsOf(body[bodyRows[0]])[0] ?? { role: 'cell' })));
    const named = namedApart(body.flatMap(cellsOf));
    if (named) noted(`cells named in full, as getByRole('${named.role}', { name: '${cut(named.name, 60).replace(/['\\]/g, '\\$&')}', exact: true })`);
    below.push(...this.level(besides, { key, name }, depth + 1));
    const head = `${node.ref ? `${node.ref} ` : ''}${node.role}${name ? ` ${name}` : ''}${count}`;
    return [{ kind: 'line', key, text: `${head}:`, below }];
  }

  /** A cell's content as items: its text and controls, else its name (a cell named by its content has no text of its own). */
  private cellItems(cell: AriaElement, key: string, depth: number): Item[] {
    const items = this.items([cell.text ?? '', ...(cell.children ?? [])], { key: cell.ref ?? key }, depth + 1);
    const content = items.length || !clean(cell.name) ? items : [{ kind: 'text' as const, key: cell.ref ?? key, text: clean(cell.name) }];
    // A calendar's day that cannot be picked says so (pickadate's weekends and closed days), once:
    // a day's button that says it already (Zag's, site 30) keeps the calendar a grid of controls.
    const state = states(cell).trim();
    const said = content.length === 1 && content[0].kind === 'control' && content[0].rest.includes(state);
    return state && content.length && !said ? [...content, { kind: 'text', key: `${cell.ref ?? key}/state`, text: state }] : content;
  }

  private row(node: AriaElement, scope: Scope, depth: number): Item {
    const key = this.keyFor(node, scope, 'row');
    const cells = (node.children ?? []).filter((c): c is AriaElement => typeof c !== 'string' && CELLS.has(c.role));
    const text = cells.map(c => cellText(this.cellItems(c, key, depth))).join(' | ');
    return { kind: 'line', key, text: `${node.ref ? `${node.ref} ` : ''}row: ${cut(text, 300)}`, below: [] };
  }

  /** Runs of look-alike controls as one line each (tree/lookAlikeRuns.ts), with what the page said of them. */
  private collapse(items: Item[], keyBase: string): Item[] {
    return collapseRuns(items, keyBase, this.needs, this.facts?.titles);
  }

  private emit(items: Item[], depth: number): ViewLine[] {
    const lines: ViewLine[] = [];
    for (const item of items) {
      const text = item.kind === 'control' ? lineOf(item) : item.text;
      lines.push({ depth, key: item.key, text, ...(item.kind !== 'text' && item.pinned ? { pinned: true } : {}) });
      if (item.kind !== 'text') lines.push(...item.below);
    }
    return lines;
  }
}
export interface ViewOptions {
  title: string;
  url: string;
  /** The locator the observation was scoped to, as Playwright prints it. */
  scope?: string;
  /** Refs of nodes aria-owns placed under another: marked, since a locator through their owner finds nothing. */
  elsewhere?: ReadonlySet<string>;
  /** What the page said beyond its snapshot (tables' declared sizes, look-alikes' titles). */
  facts?: ViewFacts;
}

/** The whole view, uncapped: the header line, then pinned blocks (dialogs, alerts), then the page in order. */
export function compactView(tree: AriaNode[] | AriaNode, options: ViewOptions): ViewLine[] {
  return renderView(tree, options).lines;
}

/** The view, and what it would say more with facts from the page (`needs`: render again with them as `facts`). */
export function renderView(tree: AriaNode[] | AriaNode, options: ViewOptions): { lines: ViewLine[]; needs: ViewNeeds } {
  const nodes = liftOwnedPopups(Array.isArray(tree) ? tree : [tree]);
  const renderer = new Renderer(nodes, options.elsewhere, options.facts, refsSayDrawn(nodes));
  const body = renderer.level(nodes, { key: 'root' }, 0);
  const title = clean(options.title);
  // A first h1 that repeats the title shares its line: `# Contact us <url>` (bytes count twice over).
  const merged = title !== '' && body[0]?.depth === 0 && !body[0].pinned && body[0].text === `# ${title}`;
  // Under the header, where the size cap never cuts them: the canvases a person sees.
  const lines = [{ depth: 0, key: 'page', text: headerText({ title, url: options.url, scope: options.scope, merged }) }, ...canvasLines(options.facts?.canvases), ...layerLines(options.facts?.layer), ...pinFirst(merged ? body.slice(1) : body)];
  return { lines, needs: renderer.needs };
}
export { DEFAULT_MAX_CHARS, lineText, renderCapped } from './viewText.js';
export { withoutUrl } from './viewHeader.js';
