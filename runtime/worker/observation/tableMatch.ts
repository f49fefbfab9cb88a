// The view's tables matched to the page's: the page's answer (pageFacts.ts) comes beside the
// snapshot, not after it, so it cannot be asked by ref; each table comes back with what
// identifies it. Pure.
import type { ViewNeeds } from './viewNeeds.js';
import type { TableFacts } from './viewNodes.js';

/** A table or grid of the page, as the view's tables are matched to it: its role, its header texts joined by `|`, its label. */
export interface PageTable { role: string; columns: string; label: string; facts: TableFacts }

/**
 * Each of the view's tables matched to the first unused table of the page of its role whose header
 * texts are its columns (or, with no columns, whose label is its name); else to the page's only
 * unused one of that role when the view has only one (header texts can differ from the
 * snapshot's: MUI's `Patient ID Sort`, a sort button's name in the header); undefined where none is.
 */
export function matchTables(asked: ViewNeeds['tables'], tables: readonly PageTable[]): (TableFacts | undefined)[] {
  const used = new Set<PageTable>();
  return asked.map(view => {
    const wanted = view.columns.join('|');
    const sameRole = tables.filter(t => !used.has(t) && t.role === view.role);
    const table = sameRole.find(t => (wanted ? t.columns === wanted : t.label === view.name))
      ?? (sameRole.length === 1 && asked.filter(t => t.role === view.role).length === 1 ? sameRole[0] : undefined);
    if (table) used.add(table);
    return table?.facts;
  });
}
