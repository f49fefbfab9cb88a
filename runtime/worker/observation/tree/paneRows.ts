// A grid with pinned columns (AG Grid, RevoGrid) draws each row in several panes: one row element
// per pane, all with the row's aria-rowindex. The view shows such a row as one line; a locator
// sees each pane's row element apart, so the view also says how the row is drawn (site 17's
// trial: a row filtered on its number and its route, held by two panes, found nothing). A header
// row is never merged with a body row of the same index (DHTMLX numbers both from 1). Pure.
import { CELLS, type AriaElement, type AriaNode } from '../viewNodes.js';

/**
 * Rows drawn in several panes (pinned columns) as one row each: rows that share an
 * aria-rowindex (`indexes`, aligned with `rows`) become one, their cells in their columns'
 * order (`columns`: each cell's aria-colindex), less a cell whose column the row has already (a
 * pane that copies another's cells: Handsontable's frozen-column clone). Without indexes, or when
 * they do not line up with the rows, the rows as they are; without columns, in the panes' order.
 */
export function mergePaneRows(rows: AriaElement[], indexes: number[] | undefined, columns?: number[][]): AriaElement[] {
  if (!indexes || indexes.length !== rows.length) return rows;
  const merged = new Map<string | AriaElement, AriaElement>();
  const seenIn = new Map<string | AriaElement, Set<number>>();
  const columnOf = new Map<AriaNode, number>();
  rows.forEach((row, i) => {
    const key = paneKey(row, indexes[i]) ?? row;
    const cells = (row.children ?? []).filter((c): c is AriaElement => typeof c !== 'string' && CELLS.has(c.role));
    const at = columns?.[i]?.length === cells.length ? columns[i] : undefined;
    const seen = seenIn.get(key) ?? new Set<number>();
    seenIn.set(key, seen);
    const fresh = (row.children ?? []).filter(c => {
      const column = typeof c === 'string' ? 0 : at?.[cells.indexOf(c)] ?? 0;
      if (!column) return true;
      if (seen.has(column)) return false;
      seen.add(column);
      columnOf.set(c, column);
      return true;
    });
    const into = merged.get(key);
    merged.set(key, into ? { ...into, ref: into.ref, children: [...(into.children ?? []), ...fresh] } : { ...row, children: fresh });
  });
  const inColumnOrder = (row: AriaElement) => {
    const children = row.children ?? [];
    if (!children.every(c => columnOf.has(c))) return row;
    return { ...row, children: [...children].sort((a, b) => (columnOf.get(a) ?? 0) - (columnOf.get(b) ?? 0)) };
  };
  return [...merged.values()].map(inColumnOrder);
}

/**
 * Which rows are one row drawn in panes: those with the same aria-rowindex, a header row apart
 * from a body row. DHTMLX's grid counts its header rows (names, then filters) from 1 in their own
 * rowgroup as it does its body's: site 23's first two moves were merged into the header, their
 * cells dropped as copies. A row holding a columnheader is a header row. Undefined without an index.
 */
function paneKey(row: AriaElement, index: number | undefined): string | undefined {
  if (!index) return undefined;
  const header = (row.children ?? []).some(c => typeof c !== 'string' && c.role === 'columnheader');
  return `${header ? 'head' : 'body'} ${index}`;
}

/** Columns named per pane, at most: a wide centre pane is its first names (its columns may be drawn only as they scroll in). */
const PANE_NAMES = 3;

/**
 * What the table's line says of rows drawn in panes: how many row elements a row is, and (from
 * a header row drawn in each pane) which columns each holds. Undefined for rows drawn whole.
 * `names`: a header row element's column names.
 */
export function paneNote(rows: AriaElement[], indexes: number[] | undefined, names: (row: AriaElement) => string[]): string | undefined {
  if (!indexes || indexes.length !== rows.length) return undefined;
  const withCells = (row: AriaElement) => (row.children ?? []).some(c => typeof c !== 'string' && CELLS.has(c.role));
  const groups = new Map<string, AriaElement[]>();
  rows.forEach((row, i) => {
    const key = paneKey(row, indexes[i]);
    if (key && withCells(row)) groups.set(key, [...(groups.get(key) ?? []), row]);
  });
  const panes = Math.max(0, ...[...groups.values()].map(g => g.length));
  if (panes < 2) return undefined;
  const header = [...groups.values()].find(g => g.length === panes && g.every(row => names(row).length > 0));
  const list = (columns: string[]) => (columns.length > PANE_NAMES ? `${columns.slice(0, PANE_NAMES).join(', ')}, …` : columns.join(', '));
  const which = header ? ` (${header.map(row => list(names(row))).join(' | ')})` : '';
  return `each row is ${panes} row elements, one per pane${which}, sharing aria-rowindex: a row locator holds one pane's cells`;
}
