// What the widgets reference teaches about drag and drop, on SortableJS itself (site 31's trial).
// A drag passes over what lies between: with HTML5 drag and drop (SortableJS's default) a list
// crossed on the way can take the item, and the site records a move nobody wanted (site 31's
// dragTo with steps; here it does on most runs, as timing decides, so it is not asserted). A
// library that follows pointer events (SortableJS's fallback, dnd-kit) starts a drag only after
// small moves. Small moves at the item, one jump to the target and small moves there suit both.
// Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';
import { packageFolder } from './harness/packageFolder.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

/** A load board of three lists side by side, SortableJS on each; `fallback`: it follows pointer events. */
function board(fallback: boolean): string {
  const list = (id: string, items: string[]) => `<ul id="${id}" aria-label="${id}">${items.map(i => `<li>${i}</li>`).join('')}</ul>`;
  return `<title>Trucks</title><script src="/vendor/sortablejs/Sortable.min.js"></script>
<style>ul{min-height:160px;width:200px;border:1px solid #999;padding:8px;display:inline-block;vertical-align:top;margin:8px} li{padding:10px;margin:4px;background:#eef;list-style:none}</style>
${list('Dock', ['Timpani set', 'Music stands'])}${list('Truck 1', ['Chairs', 'Risers'])}${list('Truck 2', ['Harp'])}
<script>window.moves = [];
for (const ul of document.querySelectorAll('ul')) Sortable.create(ul, { group: 'load', animation: 0, forceFallback: ${fallback}, onEnd: e => moves.push(e.item.textContent + ' to ' + e.to.id) });</script>`;
}

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-widget-drag-' });
  server = await FixtureServer.start();
  server.files('/vendor/sortablejs', packageFolder('sortablejs'));
  server.page('/native', board(false));
  server.page('/fallback', board(true));
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

/** The program that drags the timpani to Truck 2 on `path`'s board, by `how`, and returns the moves the page recorded. */
function dragProgram(path: string, how: string): string {
  return `
    await page.goto(${JSON.stringify(server.url(path))});
    const card = page.getByRole('listitem').filter({ hasText: 'Timpani set' });
    const target = page.getByRole('list', { name: 'Truck 2' });
    ${how}
    return await page.evaluate(() => window.moves);`;
}

/** The reference's way: small moves at the item, one jump, small moves over the target. */
const JUMP = `const from = await card.boundingBox(), to = await target.boundingBox();
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2);
    await page.mouse.move(to.x + to.width / 2 + 10, to.y + to.height / 2 + 10, { steps: 4 });
    await page.mouse.up();`;

test('a drag that jumps past the list between lands where it was sent, on HTML5 and pointer-event boards', { skip, timeout: testTimeout(3) }, async () => {
  for (const path of ['/native', '/fallback']) {
    const jumped = await home.program('drag', `jump${path.replace('/', '-')}`, dragProgram(path, JUMP));
    assert.equal(jumped.json?.status, 'succeeded', explain(jumped, home));
    assert.deepEqual(jumped.json.result, ['Timpani set to Truck 2'], path);
  }
});
