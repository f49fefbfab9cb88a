// A pointer action prepared in its element's lookup (runtime/worker/playwrightInternals/coreBundleText/pointerInLookup.ts,
// pointerAction.ts): for an element in view whose geometry is provably what DOM.getContentQuads says,
// the lookup waits for the states check, takes the point and sets up the hit target interceptor,
// and the action sends its input right after. End to end through the CLI, the runtime and
// Chromium: the protocol the worker's Playwright speaks (DEBUG=pw:protocol in the runtime log),
// the point against Chrome's own quads, and the elements where it declines still clicked right.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';
import { pointerGeometry } from '../runtime/worker/playwrightInternals/coreBundleText/pointerInLookup.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

// Elements the lookup may prepare (plain, at fractions of a pixel, inline on one line, in a
// scroll container that shows them whole, in a shadow root) and elements it must not (turned,
// in a moved or zoomed box, on two lines, cut by their scroll container, under scroll padding,
// below the fold, SVG). Each counts its clicks.
const PAGE = `<title>Pointer</title>
<style>body { margin: 8px } button { font: 13.3px sans-serif } .box { margin: 2px 0 }</style>
<div class="box"><button id="plain">Plain</button> <button id="sub" style="margin-left:10.3px;padding:1.7px 3.1px">Sub</button>
  <a id="inline" href="#" onclick="return false">Inline link</a></div>
<div class="box" style="width:60px"><a id="multi" href="#" onclick="return false">a link on two lines</a></div>
<div class="box"><button id="rot" style="transform:rotate(10deg)">Turned</button>
  <span style="display:inline-block;transform:translateX(3px)"><button id="inmoved">In moved</button></span>
  <span style="display:inline-block;zoom:1.5"><button id="zoomed">Zoomed</button></span>
  <button id="scaled" style="scale:1.2">Scaled</button></div>
<div id="list" style="height:60px;overflow:auto;border:1px solid #999"><div style="height:20px"></div>
  <button id="inlist">In list</button><div style="height:40px"></div><button id="cut">Cut</button><div style="height:200px"></div></div>
<div style="height:80px;overflow:auto;scroll-padding-top:30px"><button id="padded">Padded</button><div style="height:300px"></div></div>
<div id="host"></div>
<svg width="40" height="20"><rect id="svg" width="40" height="20" fill="#ccc" onclick="clicks.svg = (clicks.svg || 0) + 1"/></svg>
<input id="agree" type="checkbox"><label for="agree">I agree</label>
<div style="height:2000px"></div><button id="below">Below</button>
<script>
const clicks = window.clicks = {};
const count = (id) => (e) => { clicks[id] = (clicks[id] || 0) + 1; };
for (const el of document.querySelectorAll('button, a')) el.addEventListener('click', count(el.id));
const root = document.getElementById('host').attachShadow({ mode: 'open' });
root.innerHTML = '<button id="shadowed">Shadowed</button>';
root.getElementById('shadowed').addEventListener('click', count('shadowed'));
</script>`;

const PREPARED = ['plain', 'sub', 'inline', 'inlist', 'shadowed', 'agree'];
const DECLINED = ['multi', 'rot', 'inmoved', 'zoomed', 'scaled', 'cut', 'padded', 'svg', 'below'];

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-pointer-', env: { DEBUG: 'pw:protocol', DEBUG_COLORS: '0' } });
  server = await FixtureServer.start();
  server.page('/pointer', PAGE);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

/** The CDP commands the worker's Playwright sent between the two page evaluates that return these markers. */
function commandsBetween(start: string, end: string): { method: string; text: string }[] {
  const log = fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8');
  const sent = log.split('\n').flatMap(line => {
    const at = line.indexOf('pw:protocol SEND ► ');
    if (at < 0) return [];
    const text = line.slice(at + 'pw:protocol SEND ► '.length);
    try {
      return [{ method: (JSON.parse(text) as { method: string }).method, text }];
    } catch {
      return [];
    }
  });
  const last = (marker: string) => sent.map(c => c.text.includes(marker)).lastIndexOf(true);
  const from = last(start);
  const to = last(end);
  assert.ok(from >= 0 && to > from, `markers ${start}, ${end} in the protocol log`);
  return sent.slice(from + 1, to);
}

test('a click and a check on elements in view send their input right after their lookup: no states, scroll, quads or interceptor round trip, no interceptor handle', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('pointer', 'pointer-protocol', `
    await page.goto(${JSON.stringify(server.url('/pointer'))});
    await page.evaluate(() => 'marker-one');
    await page.getByRole('button', { name: 'Plain' }).click();
    await page.getByRole('button', { name: 'Plain' }).click();
    await page.getByLabel('I agree').check();
    await page.locator('#shadowed').hover();
    await page.evaluate(() => 'marker-two');
    await page.getByRole('button', { name: 'Turned' }).click();
    await page.getByRole('button', { name: 'Below' }).click();
    await page.evaluate(() => 'marker-three');
    return { clicks: await page.evaluate(() => window.clicks), agree: await page.evaluate(() => agree.checked) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, { clicks: { plain: 2, rot: 1, below: 1 }, agree: true });
  const prepared = commandsBetween('marker-one', 'marker-two');
  // Stock's evaluates by their page functions (the lookup's own text names these functions too: it is named first).
  const names = (commands: { method: string; text: string }[]) => commands.map(c => c.method !== 'Runtime.callFunctionOn' ? c.method
    : c.text.length > 100_000 ? 'injected script' : c.text.includes('preparePointer') ? 'lookup'
      : /setupHitTargetInterceptor\(node, actionType2|checkElementStates\(node, elementStates2|innerWidth, height: innerHeight/.exec(c.text)?.[0] ?? c.method);
  const sent = names(prepared);
  // Three clicks' and one hover's input, and nothing of stock's steps between a lookup and its input.
  assert.equal(sent.filter(m => m === 'Input.dispatchMouseEvent').length, 10, sent.join('\n'));
  for (const step of ['DOM.scrollIntoViewIfNeeded', 'DOM.getContentQuads', 'setupHitTargetInterceptor(node, actionType2', 'checkElementStates(node, elementStates2', 'innerWidth, height: innerHeight'])
    assert.ok(!sent.includes(step), `${step} was sent:\n${sent.join('\n')}`);
  // Each action releases its element's handle, and no interceptor handle: one release an action.
  assert.equal(sent.filter(m => m === 'Runtime.releaseObject').length, 4, sent.join('\n'));
  // Where the lookup declines (a turned button, one below the fold), stock's steps are all there.
  const declined = names(commandsBetween('marker-two', 'marker-three'));
  for (const step of ['DOM.scrollIntoViewIfNeeded', 'DOM.getContentQuads', 'setupHitTargetInterceptor(node, actionType2', 'checkElementStates(node, elementStates2'])
    assert.equal(declined.filter(m => m === step).length, 2, `${step}:\n${declined.join('\n')}`);
});

test('the point the lookup takes from the page is the one Playwright computes from Chrome\'s content quads, and it declines where the two could differ or a scroll could move it', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('pointer', 'pointer-geometry', `
    await page.goto(${JSON.stringify(server.url('/pointer'))});
    await page.evaluate(() => { document.getElementById('list').scrollTop = 10; });
    const ids = ${JSON.stringify([...PREPARED, ...DECLINED])};
    const find = (id) => id === 'shadowed' ? "document.getElementById('host').shadowRoot.getElementById('shadowed')" : "document.getElementById('" + id + "')";
    const session = await context.newCDPSession(page);
    const out = {};
    for (const id of ids) {
      const geometry = await page.evaluate(([text, id]) => {
        const el = id === 'shadowed' ? document.getElementById('host').shadowRoot.getElementById(id) : document.getElementById(id);
        return (0, eval)('(' + text + ')')(el, window) ?? null;
      }, [${JSON.stringify(String(pointerGeometry))}, id]);
      const { result } = await session.send('Runtime.evaluate', { expression: find(id) });
      const { quads } = await session.send('DOM.getContentQuads', { objectId: result.objectId });
      const metrics = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
      out[id] = { geometry, quads, metrics };
    }
    await session.detach();
    return out;`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  type Point = { x: number; y: number };
  const found = r.json.result as Record<string, { geometry: { point: Point; hitPoint: Point; box: unknown } | null; quads: number[][]; metrics: { width: number; height: number } }>;
  for (const id of DECLINED) assert.equal(found[id]!.geometry, null, id);
  for (const id of PREPARED) {
    const { geometry, quads, metrics } = found[id]!;
    assert.ok(geometry, id);
    // Playwright 1.65.1's _clickablePoint and roundPoint, from Chrome's quads.
    const quad = quads[0]!;
    const points = [0, 2, 4, 6].map(i => ({ x: Math.min(Math.max(quad[i]!, 0), metrics.width), y: Math.min(Math.max(quad[i + 1]!, 0), metrics.height) }));
    const middle = points.reduce((m, p) => ({ x: m.x + p.x / 4, y: m.y + p.y / 4 }), { x: 0, y: 0 });
    const xs = points.map(p => p.x), ys = points.map(p => p.y);
    assert.equal(quads.length, 1, id);
    assert.deepEqual(geometry.point, middle, id);
    assert.deepEqual(geometry.hitPoint, { x: (middle.x * 100 | 0) / 100, y: (middle.y * 100 | 0) / 100 }, id);
    assert.deepEqual(geometry.box, { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }, id);
  }
});

test('clicks on elements the lookup does not prepare land on them once: turned, moved, zoomed, on two lines, cut by their list (which scrolls), under scroll padding, SVG', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('pointer', 'pointer-declined', `
    await page.goto(${JSON.stringify(server.url('/pointer'))});
    await page.evaluate(() => { document.getElementById('list').scrollTop = 10; });
    for (const id of ${JSON.stringify(DECLINED.filter(id => id !== 'below'))}) await page.locator('#' + id).click();
    return { clicks: await page.evaluate(() => window.clicks), listScrolled: await page.evaluate(() => document.getElementById('list').scrollTop > 10) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, { clicks: { multi: 1, rot: 1, inmoved: 1, zoomed: 1, scaled: 1, cut: 1, padded: 1, svg: 1 }, listScrolled: true });
});
