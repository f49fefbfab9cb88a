// An open popup a control owns by aria-owns (Syncfusion's dropdown cell editor: its list lives in
// <body>): the tree puts it inside the control, and the view prints a control as one line, so
// the list and its options were not in the view at all (site 34's trial: a grid cell's combobox
// said `[expanded]`, the agent looked again for the list). Such a popup, one with a ref (drawn),
// is moved out of its expanded control in a table's cell to follow the table (a dialog is then
// pinned first, as every open dialog is). Outside a table the control's own lines show it. Pure.
import { CONTROLS, TABLES, type AriaElement, type AriaNode } from '../viewNodes.js';

const POPUPS = new Set(['dialog', 'listbox', 'menu', 'tree', 'grid']);

const ownedPopup = (node: AriaNode): node is AriaElement => typeof node !== 'string' && POPUPS.has(node.role) && node.ref !== undefined;
const holdsPopup = (node: AriaElement) => node.expanded === true && CONTROLS.has(node.role) && (node.children ?? []).some(ownedPopup);

function anyHeld(nodes: readonly AriaNode[]): boolean {
  return nodes.some(n => typeof n !== 'string' && (holdsPopup(n) || anyHeld(n.children ?? [])));
}

/** `nodes` with each drawn popup an expanded control in a table holds moved after the table; `nodes` themselves when there is none. */
export function liftOwnedPopups(nodes: AriaNode[]): AriaNode[] {
  if (!anyHeld(nodes)) return nodes;
  /** Popups lifted inside the table being walked: they follow it. */
  let pending: AriaNode[] | undefined;
  const walk = (list: readonly AriaNode[]): AriaNode[] => list.flatMap(node => {
    if (typeof node === 'string' || !node.children) return [node];
    const popups = pending && holdsPopup(node) ? node.children.filter(ownedPopup) : [];
    const table = TABLES.has(node.role);
    const outer = pending;
    if (table) pending = [];
    const lifted = { ...node, children: walk(node.children.filter(c => !popups.includes(c as AriaElement))) };
    const popupNodes = walk(popups);
    if (table) {
      const after = [...(pending ?? []), ...popupNodes];
      pending = outer;
      return [lifted, ...after];
    }
    pending?.push(...popupNodes);
    return [lifted];
  });
  return walk(nodes);
}
