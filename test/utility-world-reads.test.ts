// A task's Playwright reads allTextContents() and allInnerTexts() in its utility world
// (runtime/worker/playwrightInternals/coreBundleText/utilityWorldReads.ts): the same elements and strings as
// stock, without injecting Playwright's script into the page's main world, and out of reach of
// the page's own overrides. End to end through the CLI, the runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

// A page that forges what main-world code reads: Array.prototype.map and the textContent and
// innerText getters all answer "forged" there.
const FORGING = `<title>Prices</title><table><tbody>
<tr><td>Tea</td><td>$1.50</td></tr><tr><td>Cake</td><td>$3.25</td></tr>
<tr style="display:none"><td>Hidden</td><td>$9.99</td></tr></tbody></table>
<script>
Array.prototype.map = function () { return ['forged']; };
Object.defineProperty(Node.prototype, 'textContent', { get() { return 'forged'; } });
Object.defineProperty(HTMLElement.prototype, 'innerText', { get() { return 'forged'; } });
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-reads-' });
  server = await FixtureServer.start();
  server.page('/prices', FORGING);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('allTextContents() and allInnerTexts() read the DOM as it is, whatever the page redefined in its own world', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('reads', 'reads-1', `
    await page.goto(${JSON.stringify(server.url('/prices'))});
    const cells = page.locator('td:last-child');
    return {
      texts: await cells.allTextContents(),
      inner: await cells.allInnerTexts(),
      none: await page.locator('tfoot td').allTextContents(),
      mainWorld: await cells.evaluateAll(cells => cells.map(cell => cell.textContent)),
    };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result.texts, ['$1.50', '$3.25', '$9.99']);
  assert.deepEqual(r.json.result.inner, ['$1.50', '$3.25', '$9.99'], 'a cell that is not rendered gives its textContent, as innerText does');
  assert.deepEqual(r.json.result.none, []);
  // The page's forgery is real in its own world: a program's own evaluateAll runs there, as stock.
  assert.deepEqual(r.json.result.mainWorld, ['forged']);
});
