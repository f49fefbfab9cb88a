// Issue 4, what a program's value becomes in the receipt: binary as files (never base64), a
// value over the inline cap as a file with a preview, and what JSON cannot carry said plainly.
// Real CLI, runtime and Chromium; pages served on loopback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-results-' });
  server = await FixtureServer.start();
  server.page('/picture', `<title>Picture</title><body style="margin:0">
    <div id="box" style="width:321px;height:123px;background:linear-gradient(90deg,red,blue)"></div>
    <h1>Picture</h1></body>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

/** Base64 of any real size: 120+ characters of the alphabet in one run. */
const BASE64_RUN = /[A-Za-z0-9+/]{120,}={0,2}/;

test('a screenshot comes back as a file receipt with the PNG\'s real size, no base64 anywhere', { skip, timeout: testTimeout(2) }, async () => {
  // Chromium can take seconds to paint a background tab for a capture on a loaded machine: wait long.
  const r = await home.program('results', 'shot-1', `
    await page.goto(${JSON.stringify(server.url('/picture'))});
    return { full: await page.screenshot(), box: await page.locator('#box').screenshot() };`, ['--wait', '120']);
  assert.equal(r.code, 0, explain(r, home));
  const { full, box } = r.json.result;
  for (const file of [full, box]) {
    assert.equal(file.mime, 'image/png');
    const bytes = fs.readFileSync(file.path);
    assert.equal(file.bytes, bytes.length, 'bytes is the size of the file on disk');
    assert.equal(bytes.readUInt32BE(0), 0x89504e47, 'a PNG');
    assert.equal(file.width, bytes.readUInt32BE(16));
    assert.equal(file.height, bytes.readUInt32BE(20));
  }
  assert.deepEqual([box.width, box.height], [321, 123], 'the element screenshot has the element\'s size');
  assert.deepEqual(r.json.artifacts.map((a: { path: string }) => a.path).sort(), [full.path, box.path].sort());
  assert.doesNotMatch(r.stdout, BASE64_RUN, 'no base64 in what the CLI prints');
  assert.ok(!r.stdout.includes('iVBORw0KGgo'), 'no PNG in base64');
  assert.ok(r.stdout.length < 2000, `the receipt stays small: ${r.stdout.length} characters`);

  // A receipt read back later is the same: files, not bytes.
  const again = await home.run(['receipt', '--task', 'results', '--request-id', 'shot-1']);
  assert.deepEqual(again.json.result, r.json.result);
});

test('typed arrays nested anywhere become files; their bytes are the ones returned', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('results', 'bytes-1', `
    return { deep: [{ blob: new Uint8Array([1, 2, 3, 4, 5]) }], buf: new ArrayBuffer(7) };`);
  assert.equal(r.code, 0, explain(r, home));
  const blob = r.json.result.deep[0].blob;
  assert.equal(blob.mime, 'application/octet-stream');
  assert.deepEqual([...fs.readFileSync(blob.path)], [1, 2, 3, 4, 5]);
  assert.equal(r.json.result.buf.bytes, 7);
  assert.equal(r.json.artifacts.length, 2);
});

test('a 1 MB result goes to a file; the receipt keeps a preview, the size and the path', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('results', 'big-1', `
    return Array.from({ length: 20000 }, (_, i) => ({ i, name: 'row ' + i, pad: 'p'.repeat(30) }));`);
  assert.equal(r.code, 0, explain(r, home));
  const result = r.json.result;
  assert.ok(result.bytes > 1_000_000, `about 1 MB: ${result.bytes}`);
  assert.equal(result.truncated, true);
  assert.ok(result.preview.startsWith('[{"i":0,"name":"row 0"'), result.preview.slice(0, 100));
  assert.ok(result.preview.length <= 1000);
  const text = fs.readFileSync(result.path, 'utf8');
  assert.equal(Buffer.byteLength(text), result.bytes);
  const whole = JSON.parse(text);
  assert.equal(whole.length, 20000);
  assert.deepEqual(whole[19999], { i: 19999, name: 'row 19999', pad: 'p'.repeat(30) });
  assert.ok(r.json.artifacts.some((a: { path: string; mime: string }) => a.path === result.path && a.mime === 'application/json'));
  assert.ok(r.json.hints.some((h: string) => h.includes(result.path) && /inline limit of 16384/.test(h)), r.json.hints);
  assert.ok(r.stdout.length < 4000, `the receipt stays small: ${r.stdout.length}`);
});

test('--max-inline moves the cap both ways', { skip, timeout: testTimeout(2) }, async () => {
  const program = `return 'z'.repeat(3000);`;
  const small = await home.program('results', 'cap-small', program, ['--max-inline', '1000']);
  assert.equal(small.code, 0, explain(small, home));
  assert.equal(small.json.result.bytes, 3002);
  assert.equal(small.json.result.preview, `"${'z'.repeat(999)}`);
  const large = await home.program('results', 'cap-large', `return 'y'.repeat(20000);`, ['--max-inline', '100000']);
  assert.equal(large.json.result, 'y'.repeat(20000));
});

test('--max-inline is capped at 1 MiB: a larger result goes to its file whatever was asked', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('results', 'cap-max', `return 'w'.repeat(2 * 1024 * 1024);`, ['--max-inline', '100000000']);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result.truncated, true, 'not inline');
  assert.equal(r.json.result.bytes, 2 * 1024 * 1024 + 2);
  assert.equal(fs.statSync(r.json.result.path).size, 2 * 1024 * 1024 + 2);
});

test('values JSON cannot carry come back readable, with a note, never a crash', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('results', 'odd-1', `
    await page.goto(${JSON.stringify(server.url('/picture'))});
    const cyclic = { name: 'loop' }; cyclic.self = cyclic;
    const error = new Error('out of stock'); error.code = 'E_STOCK';
    return {
      missing: undefined, nan: NaN, inf: -Infinity, big: 12345678901234567890n,
      map: new Map([['a', 1]]), set: new Set([1, 2]), date: new Date(0), error, cyclic,
      page, locator: page.getByRole('heading', { name: 'Picture' }), frame: page.mainFrame(),
      handle: await page.locator('h1').elementHandle(), fn: () => 1, list: [undefined, 1],
    };`);
  assert.equal(r.code, 0, explain(r, home));
  const v = r.json.result;
  assert.ok(!('missing' in v), 'undefined is left out');
  assert.equal(v.nan, 'NaN');
  assert.equal(v.inf, '-Infinity');
  assert.equal(v.big, '12345678901234567890');
  assert.deepEqual(v.map, { '[Map]': [['a', 1]] });
  assert.deepEqual(v.set, { '[Set]': [1, 2] });
  assert.equal(v.date, '1970-01-01T00:00:00.000Z');
  assert.deepEqual(v.error, { name: 'Error', message: 'out of stock', code: 'E_STOCK' });
  assert.deepEqual(v.cyclic, { name: 'loop', self: '[Circular]' });
  assert.equal(v.page, `[Page ${server.url('/picture')}]`);
  assert.equal(v.locator, `[Locator getByRole('heading', { name: 'Picture' })]`);
  assert.equal(v.frame, `[Frame ${server.url('/picture')}]`);
  assert.match(v.handle, /^\[ElementHandle /);
  assert.ok(!('fn' in v));
  assert.deepEqual(v.list, [null, 1]);
  const hints: string[] = r.json.hints;
  assert.ok(hints.some(h => /NaN and Infinity/.test(h)), JSON.stringify(hints));
  assert.ok(hints.some(h => /Circular/.test(h)), JSON.stringify(hints));
});

test('the program\'s console is captured, bounded, long lines cut in the middle', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('results', 'console-1', `
    console.log('first', { a: 1 });
    console.warn('head-' + 'm'.repeat(5000) + '-tail');
    for (let i = 0; i < 80; i++) console.log('line', i);
    return 'done';`);
  assert.equal(r.code, 0, explain(r, home));
  const entries: { type: string; text: string }[] = r.json.console;
  assert.deepEqual(entries[0], { type: 'log', text: "first { a: 1 }" });
  assert.equal(entries[1].type, 'warn');
  assert.ok(entries[1].text.startsWith('head-') && entries[1].text.endsWith('-tail') && entries[1].text.length <= 2000, entries[1].text.length.toString());
  assert.equal(entries.length, 51, 'fifty entries and a note of how many were dropped');
  assert.match(entries[50].text, /32 more console entries were dropped/);
});

test('setInputFiles with a path on this machine uploads that file (the worker\'s Playwright names it by path)', { skip, timeout: testTimeout(2) }, async () => {
  const file = `${fs.mkdtempSync('/tmp/tw-upload-')}/notes.txt`;
  fs.writeFileSync(file, 'twelve bytes');
  const r = await home.program('results', 'upload-1', `
    await page.setContent('<input type="file" id="f">');
    await page.locator('#f').setInputFiles(${JSON.stringify(file)});
    return await page.locator('#f').evaluate(input => input.files[0].name + ' ' + input.files[0].size);`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 'notes.txt 12');
  // An upload is named in what `run` prints, though the program's own setInputFiles returned.
  const compact = await home.run(['receipt', '--task', 'results', '--request-id', 'upload-1']);
  // setContent is page code too (its markup's scripts and handlers run as the page's).
  assert.deepEqual(compact.json.mutations, ['page.setContent (page code ran)', "setInputFiles locator('#f')", 'locator.evaluate (page code ran)'], explain(compact, home));
});
