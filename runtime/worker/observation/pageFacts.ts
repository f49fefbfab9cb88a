// What observe() asks a page beyond its aria snapshot, only when the view has something it
// would say more about (compactView.ts's `needs`):
// - of each table or grid, the size it declares (aria-rowcount, aria-colcount) and which of its
//   headers are in the page but outside its box: a grid that renders only the rows and columns
//   in view (AG Grid) looked whole, its last columns nowhere in the view (issue 41 item 2);
// - of look-alike controls all named the same (a map's markers), their titles (item 5).
// The tables are read in tabwright's isolated world of the page (isolatedWorld.ts), one call
// for all; the page's scripts cannot see or change what it calls. Titles are read by ref, in
// Playwright's utility world where the snapshot's refs live.
import type { Page } from 'playwright-core';
import type { AlikeRun, TableFacts, ViewFacts } from './viewNodes.js';
import type { ViewNeeds } from './compactView.js';

export interface FactsQuery { tables: ViewNeeds['tables'] }
export interface FactsAnswer { tables: (TableFacts | null)[] }

/** Runs whose titles are asked at most, and members a run may have for it: each title is a round trip. */
const MAX_TITLED_RUNS = 3;
const MAX_TITLED_MEMBERS = 40;
const TITLE_TIMEOUT_MS = 1000;

/**
 * Runs in the page (sent as text: self-contained). Each table of the query is matched to the
 * first unused element of its role whose header texts are its columns (or, with no columns, whose
 * label is its name); null where none is.
 */
export function factsInPage(query: FactsQuery): FactsAnswer {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const roleOf = (el: Element) => el.getAttribute('role') || (el.tagName === 'TABLE' ? 'table' : '');
  const owner = (el: Element) => el.parentElement?.closest('table, [role=table], [role=grid], [role=treegrid]');
  const elements = [...document.querySelectorAll('table, [role=table], [role=grid], [role=treegrid]')].slice(0, 50);
  const headersOf = (table: Element) => [...table.querySelectorAll('[role=columnheader], th:not([scope=row])')]
    .filter(h => owner(h) === table && (h.getAttribute('role') ?? 'columnheader') === 'columnheader').slice(0, 200);
  const labelOf = (el: Element) => norm(el.getAttribute('aria-label'))
    || norm((el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map(id => document.getElementById(id)?.textContent ?? '').join(' '));
  const count = (el: Element, name: string) => {
    const n = Number.parseInt(el.getAttribute(name) ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  /** How much of an element's width its clipping ancestors and the window let show. */
  const shownShare = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0) return 0;
    let left = Math.max(r.left, 0);
    let right = Math.min(r.right, window.innerWidth);
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const box = a.getBoundingClientRect();
      left = Math.max(left, box.left);
      right = Math.min(right, box.right);
    }
    return Math.max(0, right - left) / r.width;
  };
  const used = new Set<Element>();
  const tables = query.tables.map(asked => {
    const wanted = asked.columns.join('|');
    const table = elements.find(el => !used.has(el) && roleOf(el) === asked.role
      && (wanted ? headersOf(el).map(h => norm(h.getAttribute('aria-label')) || norm((h as HTMLElement).innerText)).join('|') === wanted : labelOf(el) === asked.name));
    if (!table) return null;
    used.add(table);
    const headers = headersOf(table);
    const indices = headers.map(h => count(h, 'aria-colindex')).filter((n): n is number => n !== undefined);
    const outOfView = headers.filter(h => shownShare(h) < 0.5).map(h => norm(h.getAttribute('aria-label')) || norm((h as HTMLElement).innerText)).filter(Boolean);
    const facts: TableFacts = {};
    const rowCount = count(table, 'aria-rowcount');
    const colCount = count(table, 'aria-colcount');
    if (rowCount !== undefined) facts.rowCount = rowCount;
    if (colCount !== undefined) facts.colCount = colCount;
    if (indices.length === headers.length && indices.length) {
      facts.firstColumn = Math.min(...indices);
      facts.lastColumn = Math.max(...indices);
    }
    if (outOfView.length) facts.outOfView = outOfView.slice(0, 30);
    return facts;
  });
  return { tables };
}

/** What the view's needs get from the page; a part that cannot be read is left out (the view then says less). */
export async function pageFactsFor(page: Page, needs: ViewNeeds, askTables: (query: FactsQuery) => Promise<FactsAnswer>): Promise<ViewFacts> {
  const [answer, titles] = await Promise.all([
    needs.tables.length ? askTables({ tables: needs.tables }).catch(() => undefined) : undefined,
    alikeTitles(page, needs.alike),
  ]);
  return { tables: needs.tables.map((_, i) => answer?.tables[i] ?? undefined), titles };
}

/** Each run's members' titles, by the run's first ref (runs too long for it are left out). */
async function alikeTitles(page: Page, runs: AlikeRun[]): Promise<Map<string, (string | null)[]>> {
  const titles = new Map<string, (string | null)[]>();
  await Promise.all(runs.filter(run => run.refs.length <= MAX_TITLED_MEMBERS).slice(0, MAX_TITLED_RUNS).map(async run => {
    const read = await Promise.all(run.refs.map(ref => page.locator(`aria-ref=${ref}`).getAttribute('title', { timeout: TITLE_TIMEOUT_MS }).catch(() => null)));
    titles.set(run.refs[0], read.map(t => (t === null ? null : t.replace(/\s+/g, ' ').trim() || null)));
  }));
  return titles;
}
