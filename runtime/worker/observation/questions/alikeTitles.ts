// The titles of look-alike controls all named the same (a map's markers: `button ×12: Marker`):
// what tells them apart for a person is often a tooltip from their `title` (issue 41 item 5).
// Asked by ref, only for runs a view shows, in Playwright's utility world where the refs live.
import type { Page } from 'playwright-core';
import type { AlikeRun } from '../viewNodes.js';

/** Runs whose titles are asked at most, and members a run may have for it: each title is a round trip. */
const MAX_TITLED_RUNS = 3;
const MAX_TITLED_MEMBERS = 40;
const TITLE_TIMEOUT_MS = 1000;

/** Each run's members' titles, by the run's first ref (runs too long for it are left out). */
export async function alikeTitles(page: Page, runs: readonly AlikeRun[]): Promise<Map<string, (string | null)[]>> {
  const titles = new Map<string, (string | null)[]>();
  await Promise.all(runs.filter(run => run.refs.length <= MAX_TITLED_MEMBERS).slice(0, MAX_TITLED_RUNS).map(async run => {
    const read = await Promise.all(run.refs.map(ref => page.locator(`aria-ref=${ref}`).getAttribute('title', { timeout: TITLE_TIMEOUT_MS }).catch(() => null)));
    titles.set(run.refs[0], read.map(t => (t === null ? null : t.replace(/\s+/g, ' ').trim() || null)));
  }));
  return titles;
}
