// A grid that draws its cells by columns (webix's datatable: a div per column, a gridcell per row
// in it) has no row elements: the view's table found none and printed nothing (site 19's trial).
// Its cells carry aria-rowindex and aria-colindex, which the page gives in its order: the
// snapshot's gridcells, in the same order, are regrouped into rows. Pure.
import { CELLS, type AriaElement } from '../viewNodes.js';

/** The table's cells as rows, by the page's indexes (`indexes`: [row, column] per cell); none when they do not line up. */
export function rowsFromColumns(table: AriaElement, indexes: readonly [number, number][] | undefined): AriaElement[] {
  if (!indexes?.length) return [];
  const cells: AriaElement[] = [];
  const walk = (node: AriaElement) => {
    for (const child of node.children ?? []) {
      if (typeof child === 'string') continue;
      if (CELLS.has(child.role)) cells.push(child);
      else walk(child);
    }
  };
  walk(table);
  if (cells.length !== indexes.length || indexes.some(([row]) => row <= 0)) return [];
  const rows = new Map<number, { cell: AriaElement; column: number }[]>();
  cells.forEach((cell, i) => rows.set(indexes[i][0], [...(rows.get(indexes[i][0]) ?? []), { cell, column: indexes[i][1] }]));
  return [...rows.entries()].sort((a, b) => a[0] - b[0])
    .map(([, row]) => ({ role: 'row', children: row.sort((a, b) => a.column - b.column).map(c => c.cell) }));
}
