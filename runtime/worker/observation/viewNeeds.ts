// What a view would say more with facts from the page: compactView.ts fills it as it renders,
// observe.ts asks the page (pageFacts.ts) only for what it names, and renders again with the answers.
import type { AlikeRun } from './viewNodes.js';
import type { RowRun } from './tree/rolelessRows.js';

export type { RowRun } from './tree/rolelessRows.js';
export type { PageRow } from './tree/textboxCells.js';

/** What a view would say more with facts from the page (observe.ts asks for them only when there are any). */
export interface ViewNeeds {
  /** The tables and grids of the page's own document (not an iframe's), in order: role, name, the columns in the page. */
  tables: { role: string; name: string; columns: string[] }[];
  /** Runs of look-alikes whose names are all the same. */
  alike: AlikeRun[];
  /** A button or clickable is shown: it may be, label or hold a file input (pageFacts.ts says). */
  operable: boolean;
  /** A row of plain text cells is shown: the page says where its empty cells are (tree/rolelessRows.ts). */
  textRows: boolean;
  /** Refs of unnamed clickable parts of a drawing: the shapes inside them are asked of the page. */
  shapes: string[];
  /** Refs of drawings whose labels name groups, not figures: their unlabelled marks are asked of the page. */
  marks: string[];
  /** Refs of dialogs shown: one a web component draws may show its host's children through slots (slottedContent.ts). */
  dialogs: string[];
  /** Runs of rows drawn without roles: two or more may be panes side by side (questions/sideBySideRows.ts). */
  rowRuns: RowRun[];
  /** Refs of tables whose cells are textboxes, their texts in no snapshot (questions/textboxCells.ts). */
  textboxTables: string[];
}

