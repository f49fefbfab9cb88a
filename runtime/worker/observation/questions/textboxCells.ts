// The texts of a table's cells that are textboxes. A spreadsheet-like grid (active-table, site 37)
// gives every cell role=textbox, and Playwright's snapshot keeps no text a textbox holds as its
// own text nodes (only an <input>'s value): the grid came out as rows of empty textboxes, and the
// view printed no table at all. Asked once per such table (the view's first three), by its ref,
// in Playwright's utility world where the refs live.
import type { Page } from 'playwright-core';
import type { PageRow } from '../viewNeeds.js';

const MAX_TABLES = 3;
const MAX_ROWS = 400;
const ASK_TIMEOUT_MS = 1000;

/** In the page: each row of `table` (its own, not a nested table's), its cells' texts. Self-contained: it is sent to the page as text. */
export function rowsInPage(table: Element, max: number): PageRow[] {
  const TABLE = 'table, [role=table], [role=grid], [role=treegrid]';
  const CELL = /^(td|th)$/i;
  // Rows not drawn (a paged grid's others, display: none) are in no snapshot either.
  const rows = [...table.querySelectorAll('tr, [role=row]')].filter(row => row.parentElement?.closest(TABLE) === table && row.getClientRects().length > 0).slice(0, max);
  return rows.map(row => {
    const cells = [...row.children].filter(c => CELL.test(c.localName) || /^(cell|gridcell|columnheader|rowheader|textbox)$/.test(c.getAttribute('role') ?? ''));
    return { header: cells.length > 0 && cells.every(c => c.localName === 'th'), cells: cells.map(c => ((c as HTMLElement).innerText ?? c.textContent ?? '').replace(/\s+/g, ' ').trim()) };
  });
}

/** By table ref: its rows as the page draws them (tables it could not read are left out). */
export async function textboxCells(page: Page, tables: readonly string[]): Promise<Map<string, PageRow[]>> {
  const found = new Map<string, PageRow[]>();
  await Promise.all(tables.slice(0, MAX_TABLES).map(async ref => {
    const rows = await page.locator(`aria-ref=${ref}`).evaluate(rowsInPage, MAX_ROWS, { timeout: ASK_TIMEOUT_MS }).catch(() => undefined);
    if (Array.isArray(rows)) found.set(ref, rows);
  }));
  return found;
}
