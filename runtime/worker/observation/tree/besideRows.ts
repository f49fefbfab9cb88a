// Controls a table or grid holds outside its rows and cells. A grid drawn on a canvas (Lumino's
// DataGrid, site 30) opens its cell editor, a native <select> or field, over the canvas inside
// the grid's element: the view printed the grid's rows alone (none), so the editor a double-click
// opened was in no view, and observe({ since: 'last' }) said nothing changed. Pure.
import { CELLS, CONTROLS, TABLES, type AriaElement } from '../viewNodes.js';

/** The controls inside `table` that are in none of its rows or cells, nor in a table inside it, drawn or focused, in order. */
export function controlsBesideRows(table: AriaElement): AriaElement[] {
  const found: AriaElement[] = [];
  const walk = (node: AriaElement) => {
    for (const child of node.children ?? []) {
      if (typeof child === 'string' || child.role === 'row' || CELLS.has(child.role) || TABLES.has(child.role)) continue;
      // One with no ref takes no pointer events or is not drawn, unless it has the focus (Lumino's
      // editor sits in a layer with pointer-events: none, and is what the keyboard types into).
      if (CONTROLS.has(child.role) && (child.ref || child.active)) found.push(child);
      else walk(child);
    }
  };
  walk(table);
  return found;
}
