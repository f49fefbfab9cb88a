// Rows drawn without roles as the view reads them: which nodes are rows (rolelessRows.ts' rules,
// a run of short look-alike rows included), and a row drawn in panes side by side (a frozen pane
// beside a scrolling one: turbogrid's, site 32's trial) as one line. The page's geometry says
// which rows of the panes are one (questions/sideBySideRows.ts); the leftmost pane's row takes
// the cells of the rows beside it, and those rows print nothing. Five plain cells or more the page
// lays one under another are lines (an editor's: TinyMDE's, site 36), and read as no row. Pure.
import { textKey, type AriaElement, type AriaNode } from '../viewNodes.js';
import { MIN_RUN_CELLS, rolelessCells, rolelessRuns, runRefs, type RowRun } from './rolelessRows.js';

export class PlainRows {
  /** Rows of fewer than five plain cells that read as rows, being a run of look-alikes. */
  private readonly shortRows = new WeakSet<AriaElement>();
  private readonly byRef = new Map<string, AriaElement>();
  private readonly followers = new Set<string>();
  private noted = false;

  private readonly stacked: ReadonlySet<string>;

  /**
   * `gapped`: the page's rows with empty cells (pageFacts.ts); `stacked`: its cells laid one under
   * another, each one's key; `joins`: by the leftmost pane's row ref, the refs of the same row in
   * the panes to its right.
   */
  constructor(tree: readonly AriaNode[], private readonly gapped: readonly string[][] = [], stacked: readonly string[][] = [], private readonly joins: ReadonlyMap<string, readonly string[]> = new Map()) {
    this.stacked = new Set(stacked.map(keys => keys.join('\n')));
    if (!joins.size) return;
    for (const refs of joins.values()) for (const ref of refs) this.followers.add(ref);
    const walk = (nodes: readonly AriaNode[]) => {
      for (const node of nodes) {
        if (typeof node === 'string') continue;
        if (node.ref && (joins.has(node.ref) || this.followers.has(node.ref))) this.byRef.set(node.ref, node);
        if (node.children) walk(node.children);
      }
    };
    walk(tree);
  }

  /** Notes the runs of rows among one level's nodes; adds those the page may be asked about to `asked`. */
  noteRuns(nodes: readonly AriaNode[], asked: RowRun[]): void {
    for (const run of rolelessRuns(nodes)) {
      for (const row of run) this.shortRows.add(row.node);
      const refs = runRefs(run);
      if (refs) asked.push(refs);
    }
  }

  /**
   * The line of a row drawn without roles: its cells, with those of the rows beside it when it is a
   * leftmost pane's (and the note before the first such line); null for a row shown on another's
   * line; undefined when `node` is no such row.
   */
  line(node: AriaElement): { text: string; note?: string } | null | undefined {
    const cells = rolelessCells(node, this.gapped, this.shortRows.has(node) ? MIN_RUN_CELLS : undefined);
    if (!cells || (!this.shortRows.has(node) && this.stacked.has(cells.filter(Boolean).map(c => textKey(c).slice(0, 60)).join('\n')))) return undefined;
    if (node.ref !== undefined && this.followers.has(node.ref) && this.byRef.has(node.ref)) return null;
    const refs = node.ref ? this.joins.get(node.ref) : undefined;
    const rows = refs?.map(ref => this.byRef.get(ref));
    if (!refs || !rows?.every((row): row is AriaElement => row !== undefined)) return { text: cells.join(' | ') };
    const text = [...cells, ...rows.flatMap(row => rolelessCells(row, this.gapped, MIN_RUN_CELLS) ?? [])].join(' | ');
    if (this.noted) return { text };
    this.noted = true;
    // Said once: a locator sees each pane's row element apart.
    return { text, note: `(rows drawn in ${refs.length + 1} panes side by side, joined here by height: a row element holds only its own pane's cells; the row's other cells are in the row element at the same height beside it)` };
  }
}
