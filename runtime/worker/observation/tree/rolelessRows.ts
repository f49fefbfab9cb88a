// A row of cells drawn without roles, read as one line as a table row reads: each cell a plain
// element holding only its name (Frappe DataTable's cells, named by their titles) or only its text
// (a grid virtualised by hand with TanStack Virtual: site 18's members, printed a line per cell,
// 105 lines for 7 rows). Texts need five cells or more: three or four texts in a box (a signed-in
// name and role) are lines a person reads apart. An empty cell is in no tree: where the page
// says a row with these texts has empty cells (`gapped`, pageFacts.ts), they are put back, so
// that a row's later cells keep their columns. Pure.
import { clean, isClickable, textKey, type AriaElement, type AriaNode } from '../viewNodes.js';

/** Cells of a row of text, at least: fewer is a box of a few texts, not a row. */
const MIN_TEXT_CELLS = 5;

/** The cells of a row drawn without roles, in order ('' for an empty one the page said); undefined when `node` is not one. */
export function rolelessCells(node: AriaElement, gapped: readonly string[][] = []): string[] | undefined {
  const children = node.children ?? [];
  if (clean(node.name) || clean(node.text) || children.length < 2) return undefined;
  const leaf = (c: AriaNode): c is AriaElement => typeof c !== 'string' && c.role === 'generic' && !c.children?.length && !isClickable(c);
  const named = children.map(c => (leaf(c) && !clean(c.text) ? clean(c.name) : ''));
  if (children.length >= 3 && named.every(Boolean)) return named;
  const texts = children.map(c => (leaf(c) && !clean(c.name) ? clean(c.text) : ''));
  if (!texts.every(Boolean)) return undefined;
  const whole = withEmptyCells(texts, gapped);
  return whole.length >= MIN_TEXT_CELLS ? whole : undefined;
}

/** `texts` with the empty cells put back where one layout of the page's gapped rows has these texts in this order; `texts` when none or several do. */
function withEmptyCells(texts: string[], gapped: readonly string[][]): string[] {
  const keys = texts.map(t => textKey(t).slice(0, 60)).join('\n');
  const layouts = new Set(gapped.filter(row => row.filter(Boolean).join('\n') === keys).map(row => row.map(Boolean).join()));
  if (layouts.size !== 1) return texts;
  const next = texts[Symbol.iterator]();
  return [...layouts][0].split(',').map(filled => (filled === 'true' ? next.next().value ?? '' : ''));
}
