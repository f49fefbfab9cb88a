// Which rows of a long table the view shows: its first TABLE_HEAD and last TABLE_TAIL rows, and a
// row holding the focus or an open field (a cell's editor), where the program is at; each gap
// said with the rows it leaves out. On site 10 a double-clicked cell of row 17 of 25 was cut, and
// the agent looked three more times for its editor. A table with a field in many rows (a select
// per row) keeps its plain cut. And each row's line: a state all its cells say, said once. Pure.
import { MAX_TABLE_ROWS, TABLE_HEAD, TABLE_TAIL, VALUED, type Item, type ViewLine } from '../viewNodes.js';

/** Rows of a cut table kept for the field in them (an open cell editor), at most. */
const MAX_FIELD_ROWS = 2;

type Control = Extract<Item, { kind: 'control' }>;

/** `rows`: each body row's line; `controls`: the controls in each row's cells. Returns the lines to show and how many rows they show. */
export function shownRows(rows: ViewLine[], controls: Control[][], key: string, depth: number): { lines: ViewLine[]; shown: number } {
  if (rows.length <= MAX_TABLE_ROWS) return { lines: rows, shown: rows.length };
  const edge = (i: number) => i < TABLE_HEAD || i >= rows.length - TABLE_TAIL;
  const fields = rows.map((_, i) => !edge(i) && controls[i].some(c => VALUED.has(c.role)));
  const fewFields = fields.filter(Boolean).length <= MAX_FIELD_ROWS;
  const kept = rows.map((_, i) => edge(i) || controls[i].some(c => c.active === true) || (fewFields && fields[i]));
  const lines: ViewLine[] = [];
  let gap = 0;
  for (let i = 0; i <= rows.length; i++) {
    if (i < rows.length && !kept[i]) {
      gap++;
      continue;
    }
    if (gap) lines.push({ depth, key: `${key}/more${i - gap}`, text: `… ${gap} more rows (${i - gap + 1}-${i}) not shown` });
    gap = 0;
    if (i < rows.length) lines.push(rows[i]);
  }
  return { lines, shown: kept.filter(Boolean).length };
}

/** A state every cell of a row may carry (the row's, said of each cell: Syncfusion marks a clicked row's cells selected). */
const ROW_STATE = / \[(selected|disabled)\]$/;

/**
 * A body row's line from its cells' texts: a state every cell says is said once, before them. Site
 * 34's selected row said `[selected]` after each of 29 cells and was cut before the one asked for.
 */
export function rowLine(cells: string[]): string {
  const state = ROW_STATE.exec(cells[0] ?? '')?.[0];
  if (!state || cells.length < 2 || !cells.every(cell => cell.endsWith(state))) return cells.join(' | ');
  return `${state.trim()} ${cells.map(cell => cell.slice(0, -state.length)).join(' | ')}`;
}
