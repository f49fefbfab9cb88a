// A row of cells drawn without roles, read as one line as a table row reads: each cell a plain
// element holding only its name (Frappe DataTable's cells, named by their titles) or only its text
// (a grid virtualised by hand with TanStack Virtual: site 18's members, printed a line per cell,
// 105 lines for 7 rows). Texts need five cells or more: three or four texts in a box (a signed-in
// name and role) are lines a person reads apart. Pure.
import { clean, isClickable, type AriaElement, type AriaNode } from '../viewNodes.js';

/** Cells of a row of text, at least: fewer is a box of a few texts, not a row. */
const MIN_TEXT_CELLS = 5;

/** The cells of a row drawn without roles, in order; undefined when `node` is not one. */
export function rolelessCells(node: AriaElement): string[] | undefined {
  const children = node.children ?? [];
  if (clean(node.name) || clean(node.text) || children.length < 3) return undefined;
  const leaf = (c: AriaNode): c is AriaElement => typeof c !== 'string' && c.role === 'generic' && !c.children?.length && !isClickable(c);
  const named = children.map(c => (leaf(c) && !clean(c.text) ? clean(c.name) : ''));
  if (named.every(Boolean)) return named;
  if (children.length < MIN_TEXT_CELLS) return undefined;
  const texts = children.map(c => (leaf(c) && !clean(c.name) ? clean(c.text) : ''));
  return texts.every(Boolean) ? texts : undefined;
}
