// Router defects found by running Playwright's own tests/page through a task endpoint
// (npm run bench:playwright-suite, issue 17), one test each. Task B keeps a Playwright client
// connected throughout, as every task with a live worker does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { RouterRuntime } from './harness/routerRuntime.js';

const runtime = new RouterRuntime();
let browserA: Browser;
let browserB: Browser;

describe('what Playwright\'s own page tests showed', { timeout: 600_000 }, () => {
  before(async () => {
    await runtime.start();
    browserB = await chromium.connectOverCDP(await runtime.endpoint('B'));
    await browserB.contexts()[0].newPage();
    browserA = await chromium.connectOverCDP(await runtime.endpoint('A'));
  });

  after(async () => {
    await browserA?.close().catch(() => {});
    await browserB?.close().catch(() => {});
    await runtime.dispose();
  });

  // page-event-popup.spec.ts "should be able to capture alert": B's client, auto-attached with
  // waitForDebuggerOnStart, used to start A's popup before A's Playwright had enabled Page on
  // it; the alert then blocked the renderer and A never saw the popup (the test hung).
  it('a popup that shows a dialog at once is reported with its dialog, another task connected', async () => {
    for (const context of [browserA.contexts()[0], await browserA.newContext()]) {
      const page = await context.newPage();
      const opened = page.evaluate(() => { window.open('')!.alert('hello'); });
      const [popup, dialog] = await Promise.all([page.waitForEvent('popup'), context.waitForEvent('dialog')]);
      assert.equal(dialog.message(), 'hello');
      assert.equal(dialog.page(), popup);
      await dialog.dismiss();
      await opened;
      await popup.close();
      await page.close();
    }
    assert.equal(browserB.contexts()[0].pages().length, 1, 'B was shown none of A\'s popups');
  });

  // page-emulate-media.spec.ts "should report hover and fine pointer for desktop": the runtime's
  // headless Chromium lacked the hover and pointer settings Playwright's launch gives it.
  it('a headless task page reports hover and a fine pointer, as under Playwright\'s launch', async () => {
    const page = await browserA.contexts()[0].newPage();
    assert.deepEqual(await page.evaluate(() => [matchMedia('(hover: hover)').matches, matchMedia('(pointer: fine)').matches]), [true, true]);
    await page.close();
  });

  // page-goto.spec.ts "should fail when navigating to bad url": Chrome's own words, not a policy refusal.
  it('goto a string that is not a URL fails as Chrome fails it; browser URLs stay refused', async () => {
    const page = await browserA.contexts()[0].newPage();
    await assert.rejects(page.goto('asdfasdf'), /Cannot navigate to invalid URL/);
    await assert.rejects(page.goto('chrome://settings'), /Refused by tabwright/);
    await page.goto('data:text/html,<title>still here</title>');
    assert.equal(await page.title(), 'still here');
    await page.close();
  });
});
