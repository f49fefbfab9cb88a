// A row of cells drawn without roles, read as one line as a table row reads: each cell a plain
// element holding only its name (Frappe DataTable's cells, named by their titles) or only its text
// (a grid virtualised by hand with TanStack Virtual: site 18's members, printed a line per cell,
// 105 lines for 7 rows). Texts need five cells or more: three or four texts in a box (a signed-in
// name and role) are lines a person reads apart. An empty cell is in no tree: where the page
// says a row with these texts has empty cells (`gapped`, pageFacts.ts), they are put back, so
// that a row's later cells keep their columns. A run of three or more sibling rows of the same
// three or four text cells is a table too (turbogrid's frozen pane: number, id, item: site 32's
// trial), and a cell may hold its text in parts (a status pill and an edit mark). Pure.
import { clean, isClickable, textKey, type AriaElement, type AriaNode } from '../viewNodes.js';

/** Cells of a row of text, at least: fewer is a box of a few texts, not a row. */
const MIN_TEXT_CELLS = 5;
/** Cells of each row of a run of look-alike rows, at least, and how many rows make the run. */
export const MIN_RUN_CELLS = 3;
const MIN_RUN_ROWS = 3;

/** The cells of a row drawn without roles, in order ('' for an empty one the page said); undefined when `node` is not one. */
export function rolelessCells(node: AriaElement, gapped: readonly string[][] = [], minCells = MIN_TEXT_CELLS): string[] | undefined {
  const children = node.children ?? [];
  if (clean(node.name) || clean(node.text) || children.length < 2) return undefined;
  const leaf = (c: AriaNode): c is AriaElement => typeof c !== 'string' && c.role === 'generic' && !c.children?.length && !isClickable(c);
  const named = children.map(c => (leaf(c) && !clean(c.text) ? clean(c.name) : ''));
  if (children.length >= 3 && named.every(Boolean)) return named;
  const texts = children.map(c => (leaf(c) ? (clean(c.name) ? '' : clean(c.text)) : textOnlyCell(c)));
  if (!texts.every(Boolean)) return undefined;
  const whole = withEmptyCells(texts, gapped);
  return whole.length >= minCells ? whole : undefined;
}

/** A run of rows drawn without roles as the page is asked about it (questions/sideBySideRows.ts): each row's ref and its text's key. */
export interface RowRun { refs: string[]; keys: string[] }

/** A row of a run and the cells it was read as. */
export interface RunRow { node: AriaElement; cells: string[] }

/**
 * Runs among `nodes` of rows drawn without roles: three or more in a row, each of the same three
 * or more text cells. Their rows read as rows though they have fewer than five cells; a lone box
 * of three texts (a signed-in name and role) is in none.
 */
export function rolelessRuns(nodes: readonly AriaNode[]): RunRow[][] {
  const runs: RunRow[][] = [];
  let run: RunRow[] = [];
  const close = () => {
    if (run.length >= MIN_RUN_ROWS) runs.push(run);
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    const cells = rolelessCells(node, [], MIN_RUN_CELLS);
    if (!cells || cells.length !== run[0]?.cells.length) close();
    if (cells) run.push({ node, cells });
  }
  close();
  return runs;
}

/** A run as the page is asked about it; undefined when a row has no ref. */
export function runRefs(run: readonly RunRow[]): RowRun | undefined {
  const refs = run.map(row => row.node.ref ?? '');
  return refs.every(Boolean) ? { refs, keys: run.map(row => textKey(row.cells.join(' '))) } : undefined;
}

/**
 * A cell that holds its text in parts (a pill and an edit mark): the parts joined; '' when it
 * holds anything else. One part at least is bare text: parts that are all elements are as likely
 * a row's cells (a pane whose rows are its children) as a cell's words.
 */
function textOnlyCell(cell: AriaNode): string {
  if (typeof cell === 'string' || cell.role !== 'generic' || clean(cell.name) || isClickable(cell) || !cell.children?.some(part => typeof part === 'string' && clean(part))) return '';
  const parts = cell.children.map(part => {
    if (typeof part === 'string') return clean(part);
    return part.role === 'generic' && !part.children?.length && !clean(part.name) && !isClickable(part) ? clean(part.text) : '';
  });
  return parts.every(Boolean) ? clean(parts.join(' ')) : '';
}

/** `texts` with the empty cells put back where one layout of the page's gapped rows has these texts in this order; `texts` when none or several do. */
function withEmptyCells(texts: string[], gapped: readonly string[][]): string[] {
  const keys = texts.map(t => textKey(t).slice(0, 60)).join('\n');
  const layouts = new Set(gapped.filter(row => row.filter(Boolean).join('\n') === keys).map(row => row.map(Boolean).join()));
  if (layouts.size !== 1) return texts;
  const next = texts[Symbol.iterator]();
  return [...layouts][0].split(',').map(filled => (filled === 'true' ? next.next().value ?? '' : ''));
}
