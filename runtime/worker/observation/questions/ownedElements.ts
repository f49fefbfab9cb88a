// Which nodes of a view aria-owns placed under another: the accessibility tree (and so
// observe()'s nesting) puts an owned element under its owner, the DOM (where locators search)
// leaves it where it is, typically a listbox rendered in a portal at the end of <body>. Their
// refs are read from a snapshot of each owned element, taken before the view's own snapshot:
// refs resolve against the last snapshot of a frame, so the view's must come last (an element
// keeps its ref from one snapshot to the next while its role and name stay the same). Whether
// there are owners at all is asked in Playwright's utility world, where the view's snapshot
// runs too, and beside it (observe() takes the view's again after the owned ones only where
// there were some): most pages have none, and reading their ids (evaluateAll, the page's main
// world) would make Playwright inject its script into a second world of every new document
// (25-45 ms of each observe() measured here, for nothing).
import type { Page } from 'playwright-core';
import type { AriaNode } from '../viewNodes.js';

/** Owned elements looked up at most per view: a page with more is rare, and each costs a round trip. */
const MAX_OWNED = 5;

/** The refs of the owned elements, and whether a snapshot was taken to find them (the view's must then be taken after). */
export async function ownedRefs(page: Page): Promise<{ refs: Set<string>; looked: boolean }> {
  const refs = new Set<string>();
  const owners = page.locator('[aria-owns]');
  if (!await owners.count().catch(() => 0)) return { refs, looked: false };
  const ids = await owners
    .evaluateAll(owners => owners.flatMap(owner => (owner.getAttribute('aria-owns') ?? '').split(/\s+/).filter(Boolean)))
    .catch(() => [] as string[]);
  const looked = ids.length > 0;
  for (const id of [...new Set(ids)].slice(0, MAX_OWNED)) {
    const tree = await page.locator(`[id=${JSON.stringify(id)}]`).ariaSnapshotJSON({ mode: 'ai', timeout: 1000 }).catch(() => undefined) as AriaNode | AriaNode[] | undefined;
    const top = (Array.isArray(tree) ? tree : [tree]).find(node => typeof node === 'object' && node?.ref);
    if (top && typeof top === 'object' && top.ref) refs.add(top.ref);
  }
  return { refs, looked };
}
