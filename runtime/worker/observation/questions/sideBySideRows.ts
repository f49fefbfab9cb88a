// Rows drawn without roles in panes side by side (turbogrid's frozen columns beside its scrolling
// ones: site 32's trial): each pane has a row element of its own for every row, and nothing in
// the tree says that the third row of one pane is the third of the other. Where they are, the
// page's geometry does: rows of two runs at the same heights are one row each. Asked only when the
// view shows two runs of plain rows or more (most views: none), one round trip per run.
import type { Page } from 'playwright-core';
import type { RowRun } from '../viewNeeds.js';

/** Runs asked about at most per view, and rows a run may have for it. */
const MAX_RUNS = 6;
const MAX_ROWS = 200;
const ASK_TIMEOUT_MS = 1000;

/** A row element beside the run's first: its text's key (as `textKey` makes it), its top, bottom and left, in CSS pixels. */
export interface PlacedRow { key: string; top: number; bottom: number; left: number }

/** In the page: the run's first row and the element siblings after it, placed. Self-contained: it is sent to the page as text. */
export function placedRowsInPage(first: Element, max: number): PlacedRow[] {
  const key = (s: string | null) => (s ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 300);
  const rows: PlacedRow[] = [];
  for (let el: Element | null = first; el && rows.length < max; el = el.nextElementSibling) {
    const box = el.getBoundingClientRect();
    rows.push({ key: key(el.textContent), top: Math.round(box.top), bottom: Math.round(box.bottom), left: Math.round(box.left) });
  }
  return rows;
}

/**
 * By the ref of each row of the leftmost run: the refs of the same row in the runs beside it, left
 * to right. Runs join when they hold as many rows, at the same heights, and lie apart across;
 * a run whose rows cannot all be placed, or do not touch, joins none.
 */
export async function sideBySideRows(page: Page, runs: readonly RowRun[]): Promise<Map<string, string[]>> {
  const joins = new Map<string, string[]>();
  if (runs.length < 2) return joins;
  const placed = await Promise.all(runs.slice(0, MAX_RUNS).map(async run => {
    const answer = await page.locator(`aria-ref=${run.refs[0]}`).evaluate(placedRowsInPage, MAX_ROWS, { timeout: ASK_TIMEOUT_MS }).catch(() => undefined);
    return Array.isArray(answer) ? place(run, answer) : undefined;
  }));
  const usable = placed.filter((p): p is Placed => p !== undefined).sort((a, b) => a.left - b.left);
  const joined = new Set<Placed>();
  for (const leader of usable) {
    if (joined.has(leader)) continue;
    const beside = usable.filter(other => other.left > leader.left && !joined.has(other) && sameHeights(leader, other));
    if (!beside.length) continue;
    for (const other of beside) joined.add(other);
    joined.add(leader);
    leader.refs.forEach((ref, i) => joins.set(ref, beside.map(other => other.refs[other.tops.findIndex(top => near(top, leader.tops[i]))])));
  }
  return joins;
}

interface Placed { refs: string[]; tops: number[]; left: number }

/**
 * Each of the run's rows placed by its key, in order; undefined when one is not found, or when a
 * row does not touch the one before it: a grid's rows follow each other with no gap, a board's cards have
 * one (site 36's kanban lanes of three cards each, side by side, were read as one grid).
 */
function place(run: RowRun, rows: PlacedRow[]): Placed | undefined {
  const tops: number[] = [];
  let from = 0;
  let bottom: number | undefined;
  for (const key of run.keys) {
    const at = rows.findIndex((row, i) => i >= from && typeof row?.key === 'string' && row.key.slice(0, key.length) === key);
    if (at < 0 || !Number.isFinite(rows[at].top)) return undefined;
    if (bottom !== undefined && !near(bottom, rows[at].top)) return undefined;
    tops.push(rows[at].top);
    bottom = rows[at].bottom;
    from = at + 1;
  }
  const left = rows[0]?.left;
  return new Set(tops).size === tops.length && Number.isFinite(left) ? { refs: [...run.refs], tops, left } : undefined;
}

/** Within a pixel: panes laid out apart may round a row's top apart. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1;

function sameHeights(a: Placed, b: Placed): boolean {
  return a.tops.length === b.tops.length && a.tops.every(top => b.tops.filter(other => near(top, other)).length === 1);
}
