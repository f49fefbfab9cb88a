// Cells a page marks unpickable by a class alone, with no aria-disabled (Zebra_DatePicker's
// `dp_disabled` days, jQuery UI's `ui-state-disabled`, tui-date-picker's `tui-is-blocked`): the
// view printed the week of 27 September as `27 | 28 | 29 | 30`, all alike, and which day an
// office could offer was a guess (sites 19 and 22). The page gives their places among a table's
// drawn rows and cells (pageFacts.ts); they read as aria-disabled ones do, `27 [disabled]`, only
// when the view's rows and cells are the page's one for one: a row or cell counted differently
// would mark the wrong day. Pure.
import { clean, textOf, type AriaElement, type TableFacts } from '../viewNodes.js';

/** A class as the view may print it (the page names it: one plain class, bounded). */
const CLASS_NAME = /^[A-Za-z_][\w-]{0,60}$/;

/** `rows` with the cells the page marks disabled by class so marked, and the note that says so; `rows` as they are when the page said none or they do not line up. */
export function withClassDisabled(rows: AriaElement[], cellsOf: (row: AriaElement) => AriaElement[], facts: TableFacts | undefined): { rows: AriaElement[]; note?: string } {
  const marked = facts?.classDisabled;
  // Rows merged across panes or regrouped from columns are not the page's rows one for one.
  if (!marked || facts.rowIndexes || facts.looseCells || !CLASS_NAME.test(marked.name)) return { rows };
  if (marked.shape.length !== rows.length || rows.some((row, r) => cellsOf(row).length !== marked.shape[r])) return { rows };
  // `blocked`, `locked` (tui-date-picker's `tui-is-blocked`: site 22) say a day cannot be picked
  // only in a calendar: a grid's `status-blocked` cell is a value.
  if (!/disabled|unavailable/i.test(marked.name) && !isCalendar(rows.flatMap(cellsOf))) return { rows };
  const off = new Set(marked.cells.map(([r, c]) => `${r}:${c}`));
  const out = rows.map((row, r) => {
    const cells = cellsOf(row);
    if (!cells.some((_, c) => off.has(`${r}:${c}`))) return row;
    const children = row.children?.map(child => (typeof child !== 'string' && off.has(`${r}:${cells.indexOf(child)}`) ? { ...child, disabled: true } : child));
    return { ...row, children };
  });
  return { rows: out, note: `disabled: by class ${marked.name}` };
}

/** Cells most of which hold a day of the month. */
function isCalendar(all: AriaElement[]): boolean {
  const cells = all.filter(c => c.role !== 'columnheader');
  const days = cells.filter(c => /^(?:[1-9]|[12]\d|3[01])$/.test(textOf(c) || clean(c.name)));
  return cells.length >= 7 && days.length >= cells.length * 0.8;
}
