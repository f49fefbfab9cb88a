// The receipt's pages carry the titles the pages have when the program is over, not the ones
// Chrome reported at their last commit: Chrome sends no event when a script sets document.title,
// so the runtime asks for the titles once the program has ended (pageCatalog.ts refreshTitles,
// ProgramRun.titlesAfter): also when the program's last act set one, when it failed right after,
// for every tab of the task, and for a title a page's own script set between programs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureServer } from './harness/fixtureServer.js';
import { TabwrightHome, testTimeout } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-titles-' });
  server = await FixtureServer.start();
  server.page('/a', '<title>A</title><h1>A</h1>');
  server.page('/b', '<title>B</title><h1>B</h1>');
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

type Listed = { id: number; url: string; title: string };
const titles = (json: { pages?: Listed[] }) => Object.fromEntries((json.pages ?? []).map(p => [p.url, p.title]));

test('a title set by the program\'s last act, in any of the task\'s tabs, is the receipt\'s; also when the program then fails', { timeout: testTimeout(5) }, async () => {
  const set = await home.program('titles', 't-1', `
    await page.goto(${JSON.stringify(server.url('/a'))});
    const b = await tabs.new(${JSON.stringify(server.url('/b'))});
    await b.evaluate(() => { document.title = 'B set by script'; });
    await page.evaluate(() => { document.title = 'A set by script'; });
    return 1;`);
  assert.equal(set.code, 0, explain(set, home));
  assert.deepEqual(titles(set.json), { [server.url('/a')]: 'A set by script', [server.url('/b')]: 'B set by script' }, set.stdout);

  const failed = await home.program('titles', 't-2', `
    await page.evaluate(() => { document.title = 'A before the throw'; });
    throw new Error('on purpose');`);
  assert.equal(failed.code, 1, explain(failed, home));
  assert.equal(titles(failed.json)[server.url('/a')], 'A before the throw', failed.stdout);
});

test('a title the page\'s own script set between programs is in the next receipt', { timeout: testTimeout(4) }, async () => {
  const armed = await home.program('later', 'l-1', `
    await page.goto(${JSON.stringify(server.url('/a'))});
    await page.evaluate(() => { setTimeout(() => { document.title = 'set by the page later'; }, 50); });
    return 1;`);
  assert.equal(armed.code, 0, explain(armed, home));
  // `tabwright pages` asks Chrome too: once it shows the title, the page has set it.
  for (;;) {
    const pages = await home.run(['pages', '--task', 'later']);
    if (pages.json?.pages?.some((p: Listed) => p.title === 'set by the page later')) break;
  }
  const next = await home.program('later', 'l-2', 'return 1;');
  assert.equal(next.code, 0, explain(next, home));
  assert.equal(titles(next.json)[server.url('/a')], 'set by the page later', next.stdout);
});
