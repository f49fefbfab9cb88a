// A table whose cells are textboxes (active-table's, site 37): Playwright's snapshot drops the text
// a textbox holds as its own text nodes, so each row is a run of empty textboxes and the table
// read as nothing. With the page's rows (questions/textboxCells.ts), each such textbox becomes a
// cell named by its text (a header row's, a column header), keeping its ref; without them, the
// table is noted as needing them. Rows are matched in order, and only when the page's rows and
// cells are as many as the view's. Pure.
import { clean, collectRows, type AriaElement, type AriaNode } from '../viewNodes.js';

/** Said of such a table, with its first cell's text: its rows and cells are found by what a locator reads, not by a cell's name. */
export function textboxCellsNote(first: string): string {
  const pattern = first ? `/${first.slice(0, 40).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/` : '/…/';
  return `its cells are textboxes, their text read from the page: a row by getByRole('row', { name: ${pattern} }), its cells by .getByRole('textbox').nth(i)`;
}

/** A row of a table as the page draws it: its cells' texts, and whether all its cells are headers (<th>). */
export interface PageRow { header: boolean; cells: string[] }

const emptyTextbox = (n: AriaNode): n is AriaElement => typeof n !== 'string' && n.role === 'textbox' && !clean(n.name) && !clean(n.text) && !n.children?.length;

/** `table` with its textbox cells named by the page's texts; `needs` gets its ref when the page has not been asked yet. */
export function withTextboxCells(table: AriaElement, pages: ReadonlyMap<string, readonly PageRow[]> | undefined, needs: string[]): AriaElement {
  const rows = collectRows(table);
  const boxed = rows.filter(row => (row.children ?? []).filter(emptyTextbox).length >= 2);
  if (!boxed.length || !table.ref) return table;
  const page = pages?.get(table.ref);
  if (!page) {
    needs.push(table.ref);
    return table;
  }
  if (page.length !== rows.length) return table;
  const named = new Map<AriaElement, AriaElement>();
  rows.forEach((row, i) => {
    const children = row.children ?? [];
    const cells = children.filter(c => typeof c !== 'string');
    if (cells.length !== page[i].cells.length) return;
    const role = page[i].header ? 'columnheader' : 'gridcell';
    // Every textbox of the row, an empty one or one holding a part (a status pill), is a cell.
    named.set(row, { ...row, children: children.map(c => (typeof c !== 'string' && c.role === 'textbox' ? { role, ref: c.ref, name: page[i].cells[cells.indexOf(c)] } : c)) });
  });
  if (!named.size) return table;
  const swap = (node: AriaElement): AriaElement => named.get(node) ?? { ...node, children: node.children?.map(c => (typeof c === 'string' ? c : swap(c))) };
  return swap(table);
}
