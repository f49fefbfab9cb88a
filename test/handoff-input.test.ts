// Issue 38, item 17: what a person does in a hand-over reaches the page as they did it. A
// fast fifth click (the view's `event.detail` 5) used to make the whole batch of events refused
// (clickCount was capped at 4), leaving what that batch would have released held down in the
// page; a character typed with AltGr, which Windows reports as Ctrl+Alt (`@`, `€`, `{` on many
// layouts), was sent as a shortcut and never typed. The page handed over records every event
// it gets, in a real Chromium; the person is a second Chromium on the live view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { expect } from '@playwright/test';
import { PROGRAM_WAIT_S, TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { SEEN, clickPicture, launchViewerBrowser, personOpens, waitingForPerson } from './harness/viewer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

let home: TabwrightHome;
let server: FixtureServer;
let viewer: Browser;

const AT = { pad: [0.3, 0.3], field: [0.3, 0.7] } as const;
const place = ([x, y]: readonly [number, number]) => `left:${x * 100}%;top:${y * 100}%`;
/** Every mouse and key event the page gets, in order, with what a page can tell of it. */
const RECORDING_PAGE = `<!doctype html><title>Recorder</title>
<style>html,body{margin:0;height:100%} .f{position:fixed;transform:translate(-50%,-50%);width:30%;height:15%;box-sizing:border-box;font-size:20px}</style>
<div id="pad" class="f" style="${place(AT.pad)};background:#ddd">pad</div>
<input id="field" class="f" aria-label="Field" autocomplete="off" style="${place(AT.field)}">
<script>
window.seen = [];
for (const type of ['mousedown', 'mouseup', 'keydown', 'keyup', 'input'])
  document.addEventListener(type, e => seen.push({ type, detail: e.detail, buttons: e.buttons, key: e.key, ctrl: e.ctrlKey, alt: e.altKey, data: e.data }), true);
</script>`;

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-handoff-input-' });
  server = await FixtureServer.start();
  server.page('/recorder', RECORDING_PAGE);
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await home?.dispose().catch(error => process.stderr.write(`handoff-input test cleanup: ${error}\n`));
  await server?.close();
});

/** A key as a Windows keyboard reports an AltGr character: Ctrl and Alt held, and AltGraph. */
function altGr(key: string, code: string) {
  return { key, code, ctrlKey: true, altKey: true, modifierAltGraph: true };
}

test('a fast fifth click reaches the page with the rest of the batch, and AltGr characters are typed', { skip, timeout: testTimeout(4) }, async () => {
  const submitted = await home.run(['run', '--task', 'rec', '--request-id', 'rec-1', '--wait', '0'], { input: `
await page.goto(${JSON.stringify(server.url('/recorder'))});
await handoff({ reason: 'Click the pad five times, then type in the field' });
return { seen: await page.evaluate(() => window.seen), value: await page.locator('#field').inputValue() };` });
  assert.equal(submitted.code, 3, explain(submitted, home));
  await waitingForPerson(home, 'rec');
  const person = await personOpens(home, viewer, { task: 'rec' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);

  await clickPicture(person, AT.pad, { clickCount: 5 });
  await clickPicture(person, AT.field);
  // What a Windows keyboard's AltGr sends: the view cannot make one with a real key, so it gets the event itself.
  for (const init of [altGr('@', 'KeyQ'), altGr('€', 'KeyE'), altGr('{', 'Digit7')]) {
    await person.locator('#handoff-screen').evaluate((node, init) => {
      for (const type of ['keydown', 'keyup']) node.dispatchEvent(new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true }));
    }, init);
  }
  await person.keyboard.type('x');
  // Done waits for every queued event to be delivered (view/handoff.js endHandoff).
  await person.getByRole('button', { name: 'Done' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);

  const done = await home.run(['receipt', '--task', 'rec', '--request-id', 'rec-1', '--wait', String(PROGRAM_WAIT_S)]);
  assert.equal(done.code, 0, explain(done, home));
  assert.equal(done.json.status, 'succeeded', explain(done, home));
  const seen = done.json.result.seen as { type: string; detail: number; buttons: number; key?: string; data?: string }[];
  const downs = seen.filter(e => e.type === 'mousedown').map(e => e.detail);
  const ups = seen.filter(e => e.type === 'mouseup').map(e => e.detail);
  // Five on the pad, then one on the field: every press has its release, the fifth included.
  assert.deepEqual(downs, [1, 2, 3, 4, 5, 1], JSON.stringify(seen));
  assert.deepEqual(ups, [1, 2, 3, 4, 5, 1], JSON.stringify(seen));
  assert.ok(seen.filter(e => e.type === 'mouseup').every(e => e.buttons === 0), `a button stays down: ${JSON.stringify(seen)}`);
  assert.equal(done.json.result.value, '@€{x', JSON.stringify(seen));
  await person.close();
});
