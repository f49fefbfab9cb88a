// PageActivity.settle's choice of what to wait for before observe() reads a page, with the page's
// own waits stood in for (what they do in a page is in observe-settle.test.ts). Site 15's trial:
// bootstrap-fileinput drew its preview after setInputFiles returned, with no request, and the
// view right after said "No files selected": input just now counts as busy, so the DOM is
// waited on until it stays still.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { PageActivity } from '../runtime/worker/observation/pageActivity.js';

/** A page that emits nothing: no requests, no navigations. */
function quietPage(): { page: Page; context: BrowserContext } {
  const page = { on() { return page; }, off() { return page; }, mainFrame() { return undefined; } } as unknown as Page;
  const context = { on() { return context; }, pages: () => [page] } as unknown as BrowserContext;
  return { page, context };
}

test('a quiet page is read at once; one given input just now waits for its DOM, then its animations; within 2 s of input, for its animations', async () => {
  const { page, context } = quietPage();
  const activity = new PageActivity();
  activity.watch(context);
  const waits: string[] = [];
  const domQuiet = async () => { waits.push('dom'); };
  const animationsEnd = async () => { waits.push('animations'); };

  await activity.settle(page, domQuiet, animationsEnd, () => 0);
  assert.deepEqual(waits, [], 'no input: no wait (a goto-then-observe pays nothing)');

  waits.length = 0;
  await activity.settle(page, domQuiet, animationsEnd, () => Date.now() - 50);
  assert.deepEqual(waits, ['dom', 'animations'], 'input 50 ms ago: the DOM, then the animations');

  waits.length = 0;
  await activity.settle(page, domQuiet, animationsEnd, () => Date.now() - 1000);
  assert.deepEqual(waits, ['animations'], 'input a second ago: a modal may still be fading in');

  waits.length = 0;
  await activity.settle(page, domQuiet, animationsEnd, () => Date.now() - 5000);
  assert.deepEqual(waits, [], 'input long ago is no reason to wait');
});
