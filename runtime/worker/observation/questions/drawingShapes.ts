// What a drawing's shapes are, asked of the page by ref once the view has the drawing: the
// look-alike shapes inside an unnamed clickable group (Highcharts' markers) and the unlabelled
// marks of a drawing that labels only its groups or nothing (Observable Plot's bars, Chartist's
// points). Each runs in the page, in Playwright's utility world where the snapshot's refs live,
// sent as text: self-contained. What comes back is the page's, so it is checked.
import type { Page } from 'playwright-core';
import type { DrawnShapes } from '../viewNodes.js';

/** Drawings asked at most, and how long each may take: each is a round trip. */
const MAX_DRAWINGS = 3;
const SHAPES_TIMEOUT_MS = 1000;

/** The look-alike shapes inside each of the first few drawings or parts, asked of the page by ref with `read` (shapesInPage, marksInPage). */
export async function drawnShapes(page: Page, refs: string[], read: (root: Element) => DrawnShapes | null): Promise<Map<string, DrawnShapes>> {
  const found = new Map<string, DrawnShapes>();
  await Promise.all(refs.slice(0, MAX_DRAWINGS).map(async ref => {
    const shapes = await page.locator(`aria-ref=${ref}`).evaluate(read, undefined, { timeout: SHAPES_TIMEOUT_MS }).catch(() => null);
    if (isShapes(shapes)) found.set(ref, shapes);
  }));
  return found;
}

/**
 * In the page: the largest group (three or more) of drawn leaves that take the pointer, by tag
 * and first class (`path.highcharts-point`). Self-contained: it is sent to the page as text.
 */
export function shapesInPage(root: Element): DrawnShapes | null {
  const groups = new Map<string, number>();
  const all = root.querySelectorAll('*');
  for (let i = 0; i < all.length && i < 5000; i++) {
    const el = all[i];
    const first = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
    if (el.children.length || !first) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2 || getComputedStyle(el).cursor !== 'pointer') continue;
    const key = `${el.localName}.${CSS.escape(first)}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  let best: DrawnShapes | null = null;
  for (const [selector, count] of groups) if (count >= 3 && (!best || count > best.count)) best = { selector, count };
  return best;
}

/**
 * (Its last loop repeats shapesInPage's: each is sent to the page as text, self-contained.)
 * In the page: the largest group (five or more) of a drawing's shapes that carry no label of
 * their own, keyed by the nearest labelled group around them (`[aria-label="bar"] rect`), else by
 * tag and first class. A chart that labels only its groups (Observable Plot) has its figures in
 * tooltips over these shapes; one that labels each mark (Vega) has none left to count. Text and
 * thin lines (axes, grids) are no marks; a line drawn thick is one: Chartist draws its points as
 * zero-length lines and its bars as lines, each seen by its stroke alone (site 14's chart was
 * left out of the view). Self-contained: it is sent to the page as text.
 */
export function marksInPage(root: Element): DrawnShapes | null {
  const groups = new Map<string, { count: number; boxless: boolean; first: Element }>();
  const all = root.querySelectorAll('rect, path, circle, ellipse, polygon, line');
  for (let i = 0; i < all.length && i < 5000; i++) {
    const el = all[i];
    if (el.hasAttribute('aria-label') || el.querySelector('title')) continue;
    const box = el.getBoundingClientRect();
    const stroked = el.localName === 'line' && el.getClientRects().length > 0 && parseFloat(getComputedStyle(el).strokeWidth) >= 4;
    if (!stroked && (el.localName === 'line' || box.width < 2 || box.height < 2)) continue;
    const group = el.parentElement?.closest('[aria-label]');
    const first = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
    const key = group && group !== root && root.contains(group)
      ? `[aria-label="${CSS.escape(group.getAttribute('aria-label') ?? '')}"] ${el.localName}`
      : first ? `${el.localName}.${CSS.escape(first)}` : '';
    if (!key) continue;
    const seen = groups.get(key) ?? { count: 0, boxless: false, first: el };
    groups.set(key, { count: seen.count + 1, boxless: seen.boxless || box.width < 1 || box.height < 1, first: seen.first });
  }
  let best: (DrawnShapes & { first: Element }) | null = null;
  for (const [selector, { count, boxless, first }] of groups) {
    if (count >= 5 && (!best || count > best.count)) best = { selector, count, first, ...(boxless ? { boxless } : {}) };
  }
  if (!best) return null;
  const { first, ...marks } = best;
  // What the pointer meets at a mark's centre: another element (c3's one transparent rect over the
  // whole plot, its points taking no pointer events) means hover() waits on it until it times out.
  const box = first.getBoundingClientRect();
  const hit = box.width >= 1 && box.height >= 1 ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null;
  return hit && hit !== first && !first.contains(hit) && root.contains(hit) ? { ...marks, covered: true } : marks;
}

/**
 * Shapes as the page said them: a count and a selector made of the page's class names or a
 * group's label, bounded (the view prints it in its own sentence).
 */
function isShapes(v: unknown): v is DrawnShapes {
  const shapes = v as DrawnShapes;
  return typeof v === 'object' && v !== null && Number.isInteger(shapes.count) && typeof shapes.selector === 'string' && shapes.selector.length <= 120;
}
