// What a table or grid holds outside its rows and cells. A grid drawn on a canvas (Lumino's
// DataGrid, site 30) opens its cell editor, a native <select> or field, over the canvas inside
// the grid's element: the view printed the grid's rows alone (none), so the editor a double-click
// opened was in no view, and observe({ since: 'last' }) said nothing changed. A grid's own footer
// is in its element too (dgrid's pager: "1 - 20 of 260 results" and its page links, site 36), and
// the view had dropped its text and its links. Pure.
import { CELLS, CONTROLS, TABLES, clean, type AriaElement, type AriaNode } from '../viewNodes.js';

const isRowPart = (node: AriaElement) => node.role === 'row' || CELLS.has(node.role) || TABLES.has(node.role);

function holdsRowParts(node: AriaElement): boolean {
  return (node.children ?? []).some(c => typeof c !== 'string' && (isRowPart(c) || holdsRowParts(c)));
}

function holdsControl(node: AriaElement): boolean {
  return (node.children ?? []).some(c => typeof c !== 'string' && (CONTROLS.has(c.role) || holdsControl(c)));
}

/**
 * The parts inside `table` that are in none of its rows or cells, nor in a table inside it, in
 * order: texts, controls, and the largest subtrees holding neither rows nor controls (a pager's
 * status and its links drawn as plain elements). A control with no ref takes no pointer events or
 * is not drawn, and is left out, unless it has the focus (Lumino's editor sits in a layer with
 * pointer-events: none, and is what the keyboard types into).
 */
export function partsBesideRows(table: AriaElement): AriaNode[] {
  const found: AriaNode[] = [];
  const walk = (node: AriaElement) => {
    for (const child of node.children ?? []) {
      if (typeof child === 'string') {
        if (clean(child)) found.push(child);
      } else if (isRowPart(child)) {
        continue;
      } else if (CONTROLS.has(child.role)) {
        if (child.ref || child.active) found.push(child);
      } else if (holdsRowParts(child) || holdsControl(child)) {
        walk(child);
      } else {
        found.push(child);
      }
    }
  };
  walk(table);
  return found;
}
