// What the recorder of a person's flow (runtime/recording/) relies on that Playwright and
// Chrome do not promise, each a test that fails by name when an upgrade changes it
// (runtime/worker/playwrightInternals/README.md lists them): Playwright's injected script is one
// string literal in coreBundle.js; made in a world of the runtime's own, its InjectedScript
// names elements as Playwright's codegen does and has the helpers the recorder calls; and
// Chrome exposes a binding added for a world's name to that world only, on a session with
// Runtime on, where trusted input is told from a page's own events.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { locateBrowser } from '../contract/browserLocator.js';
import { coreBundlePath, injectedScriptClassExpression, injectedScriptOptions, injectedScriptSource, injectedScriptSourceIn } from '../runtime/recording/injectedScriptSource.js';
import { RECORDER_BINDING, RECORDER_WORLD, recorderScript } from '../runtime/recording/pageRecorder.js';

let browser: Browser;

before(async () => {
  browser = await chromium.launch({ executablePath: locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path!, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
});
after(async () => {
  await browser?.close();
});

/** A world of this session's own in the page's main frame, as the runtime makes it. */
async function isolatedWorld(page: Page, session: CDPSession, name: string): Promise<number> {
  const { frameTree } = await session.send('Page.getFrameTree');
  const { executionContextId } = await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: name, grantUniveralAccess: false });
  return executionContextId;
}

describe('Playwright\'s injected script, for the recorder', () => {
  it('coreBundle.js holds it as one string literal, the first value of its generated module', () => {
    const found = injectedScriptSourceIn(fs.readFileSync(coreBundlePath(), 'utf8'));
    assert.ok(found.ok, JSON.stringify(found));
    assert.match(found.source, /var InjectedScript = class/);
    assert.equal(injectedScriptSourceIn('var x = 1;').ok, false, 'a bundle without the module says so');
  });

  it('made in a world of the runtime\'s own, InjectedScript names elements as Playwright\'s codegen does, and has the helpers the recorder calls', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(`<h1>Expenses</h1><label>User <input></label><label for="c">Category</label><select id="c"><option>Meals</option></select>
<button>Save</button><span data-testid="cart-count">3</span><p role="status" id="s"></p><div id="later"></div>`);
      const session = await page.context().newCDPSession(page);
      const world = await isolatedWorld(page, session, 'recording-internals');
      const answer = await session.send('Runtime.evaluate', {
        contextId: world, returnByValue: true, expression: `(() => {
          const InjectedScript = ${injectedScriptClassExpression(injectedScriptSource())};
          const injected = new InjectedScript(globalThis, ${JSON.stringify(injectedScriptOptions('data-testid'))});
          const locator = (el, forTextExpect) => injected.utils.asLocator('javascript', injected.generateSelector(el, { testIdAttributeName: 'data-testid', ...(forTextExpect ? { forTextExpect } : {}) }).selector);
          const $ = css => document.querySelector(css);
          const before = injected.utils.generateAriaTree(document.documentElement, { mode: 'autoexpect' }).root;
          $('#later').innerHTML = '<h2>Saved 3 items</h2>';
          const appeared = injected.utils.findNewElement(before, injected.utils.generateAriaTree(document.documentElement, { mode: 'autoexpect' }).root);
          return {
            button: locator($('button')), input: locator($('input')), select: locator($('select')), testId: locator($('[data-testid]')),
            heading: locator($('h1'), true), name: injected.utils.getElementAccessibleNameText($('input'), false),
            visible: injected.utils.isElementVisible($('button')), role: injected.utils.getAriaRole($('#s')),
            statuses: injected.querySelectorAll(injected.parseSelector('internal:role=status'), document).length,
            appeared: appeared && appeared.textContent,
          };
        })()`,
      });
      assert.equal(answer.exceptionDetails, undefined, JSON.stringify(answer.exceptionDetails));
      assert.deepEqual(answer.result.value, {
        button: "getByRole('button', { name: 'Save' })", input: "getByRole('textbox', { name: 'User' })", select: "getByLabel('Category')",
        testId: "getByTestId('cart-count')", heading: "locator('h1')", name: 'User', visible: true, role: 'status', statuses: 1,
        appeared: 'Saved 3 items',
      });
    } finally {
      await page.close();
    }
  });
});

describe('Chrome\'s bindings and trusted input, for the recorder', () => {
  it('a binding added for the recorder\'s world is called from that world only; a page\'s own click is no step, a person\'s is', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent('<button onclick="window.clicked = (window.clicked || 0) + 1">Go</button>');
      const session = await page.context().newCDPSession(page);
      const heard: string[] = [];
      session.on('Runtime.bindingCalled', event => { if (event.name === RECORDER_BINDING) heard.push(event.payload); });
      // Without Runtime on, Chrome exposes the binding to no world at all.
      await session.send('Runtime.enable');
      await session.send('Runtime.addBinding', { name: RECORDER_BINDING, executionContextName: RECORDER_WORLD });
      const world = await isolatedWorld(page, session, RECORDER_WORLD);
      const installed = await session.send('Runtime.evaluate', { contextId: world, expression: recorderScript() });
      assert.equal(installed.exceptionDetails, undefined, JSON.stringify(installed.exceptionDetails));
      assert.equal(await page.evaluate(name => typeof (window as unknown as Record<string, unknown>)[name], RECORDER_BINDING), 'undefined', 'the page\'s own world has no binding');
      assert.equal(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).__tabwrightRecorder), 'undefined', 'nor the recorder');
      await page.evaluate(() => document.querySelector('button')!.click());
      const box = (await page.locator('button').boundingBox())!;
      for (const type of ['mousePressed', 'mouseReleased'] as const)
        await session.send('Input.dispatchMouseEvent', { type, x: box.x + box.width / 2, y: box.y + box.height / 2, button: 'left', clickCount: 1 });
      await page.waitForFunction(() => (window as unknown as { clicked?: number }).clicked === 2);
      // Binding calls come in order on the session: the document's, then the person's click, and nothing for the page's.
      await page.evaluate(() => new Promise(resolve => requestAnimationFrame(resolve)));
      assert.deepEqual(heard.map(text => JSON.parse(text).kind), ['document', 'click'], heard.join('\n'));
      assert.equal(JSON.parse(heard[1]!).target.locator, "getByRole('button', { name: 'Go' })");
    } finally {
      await page.close();
    }
  });
});
