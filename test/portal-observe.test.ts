// Issue 41 items 2-5, what observe() hid or misled about on pages built with real libraries
// (test/harness/portalPages.ts): AG Grid renders only the columns in view, CodeMirror 6's
// content is no name, Dropzone's message is split between elements, and Leaflet's twelve
// markers are all named "Marker". Each view says so, and a failed program says what it waited
// on besides. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { DEPOTS, PortalPages, RULE_TEXT } from './harness/portalPages.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let portal: PortalPages;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-portal-observe-' });
  server = await FixtureServer.start();
  portal = new PortalPages(server);
  // The same markers with a title each (Leaflet's `title` option): the names still all read Marker.
  server.page('/depots-titled', `<!doctype html><title>Depots</title><link rel="stylesheet" href="/vendor/leaflet/dist/leaflet.css"><script src="/vendor/leaflet/dist/leaflet.js"></script>
<h1>Depots</h1><div id="map" style="width: 700px; height: 520px"></div>
<script>
const map = L.map('map', { zoomControl: false }).setView([46.6, 2.5], 5);
${JSON.stringify(DEPOTS)}.forEach((city, i) => L.marker([43 + (i % 4) * 2, -1 + Math.floor(i / 4) * 3], { title: city }).addTo(map));
</script>`);
  // A grid that renders 40 of its 300 rows, as virtualising grids (Tabulator) do, declaring no
  // count: only its body, which scrolls, says there are more.
  server.page('/stock', `<!doctype html><title>Stock</title><h1>Stock</h1>
<div role="grid" aria-label="Stock" style="width: 500px">
  <div role="row"><span role="columnheader">SKU</span> <span role="columnheader">Units</span></div>
  <div id="body" style="height: 300px; overflow: auto"><div id="rows" style="padding-bottom: 7800px"></div></div>
</div>
<script>
rows.innerHTML = Array.from({ length: 40 }, (_, i) => '<div role="row" style="height: 30px"><span role="gridcell">SKU-' + (100 + i) + '</span> <span role="gridcell">' + i * 3 + '</span></div>').join('');
</script>`);
  // A grid with pinned columns as RevoGrid draws it: its headers outside any row, and each row
  // in three panes (row numbers, the pinned column, the rest), the panes' rows sharing an aria-rowindex.
  server.page('/containers', `<!doctype html><title>Containers</title><h1>Containers</h1>
<div role="treegrid" aria-rowcount="400" aria-colcount="5" style="display: flex">
  <div id="numbers"></div>
  <div><span role="columnheader" aria-colindex="1">Container</span><div id="pinned"></div></div>
  <div><span role="columnheader" aria-colindex="2">Booking</span> <span role="columnheader" aria-colindex="3">Set-point</span><div id="main"></div></div>
</div>
<script>
const n = Array.from({ length: 14 }, (_, i) => i + 1);
numbers.innerHTML = n.map(i => '<div role="row" aria-rowindex="' + i + '">' + i + '</div>').join('');
pinned.innerHTML = n.map(i => '<div role="row" aria-rowindex="' + i + '"><span role="gridcell">MSCU ' + (100 + i) + '</span></div>').join('');
main.innerHTML = n.map(i => '<div role="row" aria-rowindex="' + i + '"><span role="gridcell">HBK-' + (500 + i) + '</span> <span role="gridcell">' + (-i) + '</span></div>').join('');
</script>`);
  // DHTMLX Suite's grid (site 23): its header rows (names, then filters) count aria-rowindex from 1
  // in their own rowgroup, and so do the body's rows, in a pinned pane and the rest.
  server.page('/dhx', `<!doctype html><title>Moves</title><h1>Moves</h1>
<div role="grid" aria-rowcount="3" aria-colcount="3">
  <div role="rowgroup"><div role="row" aria-rowindex="1"><span role="columnheader" aria-colindex="1">Move ref</span> <span role="columnheader" aria-colindex="2">Surname</span> <span role="columnheader" aria-colindex="3">From</span></div>
    <div role="row" aria-rowindex="2"><span role="gridcell" aria-colindex="1"><input aria-label="Filter by move ref"></span> <span role="gridcell" aria-colindex="2"><input aria-label="Filter by surname"></span> <span role="columnheader" aria-colindex="3"></span></div></div>
  <div style="display: flex">
    <div role="rowgroup"><div role="row" aria-rowindex="1"><span role="gridcell" aria-colindex="1">KV-1130</span></div><div role="row" aria-rowindex="2"><span role="gridcell" aria-colindex="1">KV-1361</span></div><div role="row" aria-rowindex="3"><span role="gridcell" aria-colindex="1">KV-1496</span></div></div>
    <div role="rowgroup"><div role="row" aria-rowindex="1"><span role="gridcell" aria-colindex="2">Okonkwo</span> <span role="gridcell" aria-colindex="3">Horsforth</span></div><div role="row" aria-rowindex="2"><span role="gridcell" aria-colindex="2">Okonkwo</span> <span role="gridcell" aria-colindex="3">Leeds</span></div><div role="row" aria-rowindex="3"><span role="gridcell" aria-colindex="2">Okonkwo</span> <span role="gridcell" aria-colindex="3">Headingley</span></div></div>
  </div>
</div>`);
  // AG Grid with a pinned column: a header row and body rows in each of two panes, by aria-rowindex.
  server.page('/pinned', `<!doctype html><title>Pinned</title><h1>Pinned</h1>
<div role="grid" aria-rowcount="3" aria-colcount="3" style="display: flex">
  <div><div role="row" aria-rowindex="1"><span role="columnheader">Container</span></div>
    <div role="row" aria-rowindex="2"><span role="gridcell">MSCU 1</span></div><div role="row" aria-rowindex="3"><span role="gridcell">MSCU 2</span></div></div>
  <div><div role="row" aria-rowindex="1"><span role="columnheader">Booking</span> <span role="columnheader">Set-point</span></div>
    <div role="row" aria-rowindex="2"><span role="gridcell">HBK-1</span> <span role="gridcell">-18</span></div><div role="row" aria-rowindex="3"><span role="gridcell">HBK-2</span> <span role="gridcell">-20</span></div></div>
</div>`);
  // A grid whose header cells hold a sort button (MUI X): the snapshot names a column `Patient ID Sort`.
  server.page('/patients', `<!doctype html><title>Patients</title><h1>Patients</h1>
<div role="grid" aria-colcount="25" aria-rowcount="301">
  <div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="1">Patient ID<button aria-label="Sort">↑</button></div><div role="columnheader" aria-colindex="2">Surname</div></div>
  <div role="row" aria-rowindex="2"><div role="gridcell">QC-100469</div><div role="gridcell">Doyle</div></div>
</div>`);
  // Upload widgets over a hidden file input: FilePond's input, invisible over its label, which
  // names it; a label for a visually hidden input; a Dropzone-like clickable area holding one.
  server.page('/upload', `<!doctype html><title>Upload</title><h1>Upload stock</h1>
<style>.hidden { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden }</style>
<div class="filepond--root" style="position: relative; padding: 1em"><input type="file" id="stock" aria-labelledby="stock-label" style="position: absolute; inset: 0; opacity: 0">
<label id="stock-label" for="stock" aria-hidden="true">Drag &amp; drop your stock file or <span>Browse</span></label></div>
<label for="invoice" style="cursor: pointer">Attach the invoice</label><input class="hidden" type="file" id="invoice">
<div class="zone" style="cursor: pointer; padding: 1em; border: 1px dashed">Drop photos here<input class="hidden" type="file" name="photos"></div>
<p role="status" id="s"></p>
<script>
for (const input of document.querySelectorAll('input[type=file]')) input.onchange = () => { s.textContent = 'Chosen ' + input.files[0].name; };
document.querySelector('.zone').onclick = e => { if (e.target.tagName !== 'INPUT') document.querySelector('.zone input').click(); };
</script>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));

test('a grid that renders only the columns and rows in view (AG Grid) says how many it declares and which are not in the page', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('grid', 'look', `
    await page.goto(${url('/shipments')});
    await expect(page.getByRole('gridcell', { name: 'SH-5000' })).toBeVisible();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  const grid = view.split('\n').find(l => /^e\d+ grid/.test(l)) ?? '';
  assert.match(grid, /301 rows declared/, view);
  // Its declared counts say more than that it scrolls.
  assert.doesNotMatch(grid, /scrolls/, view);
  const columns = view.split('\n').find(l => l.includes('columns:')) ?? '';
  // Price is in the page but scrolled out of the grid's box; Margin and Approved are not in the page at all.
  assert.match(columns, /out of view: .*Price/, view);
  assert.match(columns, /2 more of 9 not in the page \(columns 8-9\)/, view);
});

test('a grid that declares no counts but whose rows scroll (a virtualising grid) says more rows may exist beyond those in the page', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('stock', 'look', `
    await page.goto(${url('/stock')});
    await expect(page.getByRole('gridcell', { name: 'SKU-139' })).toBeAttached();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  const grid = view.split('\n').find(l => /^e\d+ grid/.test(l)) ?? '';
  assert.match(grid, /grid Stock \(40 rows, 10 shown; scrolls: more rows may exist beyond those in the page\):/, view);
});

test("a control that is, labels or holds a hidden file input says so, and setInputFiles on what it names uploads", { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('upload', 'look', `
    await page.goto(${url('/upload')});
    await expect(page.getByRole('heading', { name: 'Upload stock' })).toBeVisible();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  const line = (text: string) => view.split('\n').find(l => l.includes(text) && !/^#/.test(l)) ?? '';
  assert.match(line('Drag & drop your stock file or Browse'), /button Drag & drop your stock file or Browse \[file input: setInputFiles on it\]/, view);
  assert.match(line('Attach the invoice'), /(button|clickable) Attach the invoice \[file input: setInputFiles on it\]/, view);
  assert.match(line('Drop photos here'), /clickable Drop photos here.* \[file input inside: setInputFiles on its input\[type=file\]\]/, view);
  // The zone's own input, unnamed, is named as Chromium shows it.
  assert.match(view, /^ e\d+ button Choose File \[file input: setInputFiles on it\]$/m, view);

  // What each mark says works: the input by its name, the label, the zone's input.
  const file = (name: string) => `{ name: '${name}', mimeType: 'text/csv', buffer: Buffer.from('sku,units\\n') }`;
  const set = await home.compactProgram('upload', 'set', `
    await page.getByRole('button', { name: 'Drag & drop your stock file or Browse' }).setInputFiles(${file('stock.csv')});
    await expect(page.getByRole('status')).toHaveText('Chosen stock.csv');
    await page.getByText('Attach the invoice').setInputFiles(${file('invoice.csv')});
    await expect(page.getByRole('status')).toHaveText('Chosen invoice.csv');
    await page.getByText('Drop photos here').locator('input[type=file]').setInputFiles(${file('photo.csv')});
    await expect(page.getByRole('status')).toHaveText('Chosen photo.csv');`);
  assert.equal(set.code, 0, explain(set, home));
});

// Site 13's trial: flow.js puts a hidden, unnamed file input inside its "Choose file…" button.
// Chromium names an unnamed input "Choose File", so the button's own text took the input's mark,
// "setInputFiles on it", which fails on a button ("Node is not an HTMLInputElement").
test('a button named like an unnamed file input it holds says the input is inside, and that works', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/flow-browse', `<!doctype html><title>Intake</title><h1>Donation intake</h1><button id="browse">Choose file…<input type="file" style="visibility:hidden;position:absolute;width:1px;height:1px"></button><p role="status" id="chosen"></p>
<script>const input = document.querySelector('input'); browse.onclick = () => input.click(); input.onchange = () => { chosen.textContent = 'Chosen ' + input.files[0].name; };</script>`);
  const r = await home.compactProgram('flow', 'look', `await page.goto(${url('/flow-browse')});\nreturn await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /^e\d+ button Choose file… \[file input inside: setInputFiles on its input\[type=file\]\]$/m, view);
  const set = await home.compactProgram('flow', 'set', `
    await page.getByRole('button', { name: 'Choose file…' }).locator('input[type=file]').setInputFiles({ name: 'riverside.csv', mimeType: 'text/csv', buffer: Buffer.from('item,value\\n') });
    await expect(page.getByRole('status')).toHaveText('Chosen riverside.csv');`);
  assert.equal(set.code, 0, explain(set, home));
});

test("a code editor's content (CodeMirror 6) is its value, not its name, and a name asked of it finds it by content", { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('rule', 'look', `
    await page.goto(${url('/rules/late-pickups')});
    await expect(page.locator('.cm-content')).toBeVisible();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /^e\d+ textbox = # Page the depot lead when a pickup is late/m, view);
  assert.doesNotMatch(view, /textbox # Page/, view);

  const miss = await home.compactProgram('rule', 'by-name', `
    await page.getByRole('textbox', { name: /late-pickups/ }).click({ timeout: 2000 });`);
  assert.equal(miss.json?.status, 'failed', explain(miss, home));
  assert.equal(miss.json.error.matchCount, 0);
  assert.equal(miss.json.error.candidates?.[0], "getByRole('textbox').filter({ hasText: /late-pickups/ })", explain(miss, home));
  assert.match(miss.json.hints.join('\n'), /holds it in its content/, explain(miss, home));

  // The candidate finds the editor, and the app saves what was typed into it.
  const edit = await home.compactProgram('rule', 'edit', `
    const editor = page.${miss.json.error.candidates[0]};
    await editor.fill(${JSON.stringify(RULE_TEXT.replace('30m', '45m'))});
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved rule late-pickups');`);
  assert.equal(edit.code, 0, explain(edit, home));
  assert.equal(portal.saved.rule, RULE_TEXT.replace('30m', '45m'));
});

test("a line whose text is several elements' says so, and a failed wait names the program's other call still waiting (Dropzone)", { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('import', 'look', `
    await page.goto(${url('/import')});
    await expect(page.locator('.dz-message')).toBeVisible();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const line = (r.json.result as string).split('\n').find(l => l.includes('Drop a CSV file here')) ?? '';
  assert.match(line, /Drop a CSV file here or click to choose a file · max 2 MB \[text of 2 elements\]/, r.json.result);

  const wait = await home.compactProgram('import', 'choose', `
    await Promise.all([
      page.waitForEvent('filechooser', { timeout: 3000 }),
      page.getByText('Drop a CSV file here or click to choose a file · max 2 MB').click(),
    ]);`);
  assert.equal(wait.json?.status, 'failed', explain(wait, home));
  assert.equal(wait.json.error.call, 'page.waitForEvent');
  const still = wait.json.error.stillWaiting;
  assert.ok(Array.isArray(still) && still.length === 1, explain(wait, home));
  assert.equal(still[0].call, 'locator.click');
  assert.equal(still[0].locator, "getByText('Drop a CSV file here or click to choose a file · max 2 MB')");
  assert.equal(still[0].matchCount, 0);
  assert.match(wait.json.hints.join('\n'), /still waiting.*matches no element/, explain(wait, home));
});

test('look-alike markers all named Marker (Leaflet): the folded line says they differ only on hover, or lists their titles', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('depots', 'look', `
    await page.goto(${url('/depots')});
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(12);
    const tooltips = await observe();
    await page.goto(${url('/depots-titled')});
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(12);
    return { tooltips, titled: await observe() };`);
  assert.equal(r.code, 0, explain(r, home));
  const run = (view: string) => view.split('\n').find(l => l.includes('×12')) ?? '';
  assert.match(run(r.json.result.tooltips), /button ×12: Marker \(same name: they differ by place or by what shows on hover\)/, r.json.result.tooltips);
  assert.match(run(r.json.result.titled), new RegExp(`button ×12: Marker; titles: ${DEPOTS.slice(0, 3).join('\\|')}\\|`), r.json.result.titled);
});

test("a whole page's view names the widget libraries its markup shows (AG Grid, CodeMirror 6, Leaflet, Dropzone), and a scoped view does not", { skip, timeout: testTimeout(2) }, async () => {
  // An agent that knows which library draws a grid, an editor or a map can use what it knows
  // of it; in the agent trials, guessing one cost calls.
  const r = await home.compactProgram('widgets', 'look', `
    const headers = {};
    for (const [path, ready] of [['/shipments', '.ag-row'], ['/rules/late-pickups', '.cm-content'], ['/depots', '.leaflet-marker-icon'], ['/import', '.dz-message'], ['/stock', '[role=row]']]) {
      await page.goto(${JSON.stringify(server.url('/'))}.slice(0, -1) + path);
      await expect(page.locator(ready).first()).toBeVisible();
      headers[path] = (await observe()).split('\\n')[0];
    }
    headers.scoped = (await observe(page.getByRole('grid'))).split('\\n')[0];
    return headers;`);
  assert.equal(r.code, 0, explain(r, home));
  const headers: Record<string, string> = r.json.result;
  assert.match(headers['/shipments'], / · widgets: AG Grid$/, headers['/shipments']);
  assert.match(headers['/rules/late-pickups'], / · widgets: CodeMirror 6$/, headers['/rules/late-pickups']);
  assert.match(headers['/depots'], / · widgets: Leaflet$/, headers['/depots']);
  assert.match(headers['/import'], / · widgets: Dropzone$/, headers['/import']);
  // A page of plain markup names none; nor does a view scoped to one part.
  assert.doesNotMatch(headers['/stock'], /widgets:/, headers['/stock']);
  assert.doesNotMatch(headers.scoped, /widgets:/, headers.scoped);
});

test('a grid that draws each row in several panes (pinned columns, RevoGrid) shows one line per row and its headers', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('containers', 'look', `
    await page.goto(${url('/containers')});
    await expect(page.getByRole('gridcell', { name: 'HBK-514' })).toBeVisible();
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  const lines = view.split('\n');
  const grid = lines.find(l => /^e\d+ treegrid/.test(l)) ?? '';
  assert.match(grid, /400 rows declared, 14 in the page, 10 shown/, view);
  assert.ok(lines.includes(' columns: Container | Booking | Set-point; 2 more of 5 not in the page (columns 4-5) until the grid scrolls sideways'), view);
  assert.ok(lines.includes(' MSCU 101 | HBK-501 | -1'), view);
  assert.ok(lines.includes(' MSCU 114 | HBK-514 | -14'), view);
  // No row of a pane without cells (the row numbers) prints as an empty line.
  assert.ok(!lines.some(l => /^\s+$/.test(l)), view);
});

test("a grid whose headers hold buttons (MUI X's sort) still says what it declares beyond the page", { skip, timeout: testTimeout(2) }, async () => {
  // Site 4's trial: MUI's grid printed 8 columns and said nothing of 17 more to the right until it was scrolled.
  const r = await home.compactProgram('patients', 'look', `
    await page.goto(${url('/patients')});
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /grid \(301 rows declared, 2 in the page\)/, view);
  assert.match(view, /23 more of 25 not in the page \(columns 3-25\)/, view);
});

test('a grid whose header rows and body rows each count aria-rowindex from 1 (DHTMLX) keeps every body row', { skip, timeout: testTimeout(2) }, async () => {
  // Site 23's trial: the header rows were merged with the body's first two rows as panes of one
  // row, and those rows' cells dropped as copies: 5 moves shown, 3 in the view, nothing said.
  const r = await home.compactProgram('dhx', 'dhx', `
    await page.goto(${url('/dhx')});
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const lines = (r.json.result as string).split('\n');
  assert.ok(lines.includes(' columns: Move ref | Surname | From'), r.json.result);
  for (const row of [' KV-1130 | Okonkwo | Horsforth', ' KV-1361 | Okonkwo | Leeds', ' KV-1496 | Okonkwo | Headingley'])
    assert.ok(lines.includes(row), `${row} in\n${r.json.result}`);
  assert.ok(lines.some(l => /^e\d+ grid \(3 rows; each row is 2 row elements, one per pane/.test(l)), r.json.result);
});

test('a grid with a pinned column (a header row in each pane) shows its whole header and whole rows', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('pinned', 'look', `
    await page.goto(${url('/pinned')});
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const lines = (r.json.result as string).split('\n');
  assert.ok(lines.includes(' columns: Container | Booking | Set-point'), r.json.result);
  assert.ok(lines.includes(' MSCU 2 | HBK-2 | -20'), r.json.result);
  // Site 17's trial: the line showed one row, and a row filtered on texts of both panes found
  // none (each pane's row element holds only its cells). The view says how the row is drawn.
  assert.ok(lines.some(l => /^e\d+ grid \(.*each row is 2 row elements, one per pane \(Container \| Booking, Set-point\), sharing aria-rowindex: a row locator holds one pane's cells/.test(l)), r.json.result);
});

// Site 10's Carbon file uploader: in a shadow root, a label around a role=button drop zone whose
// text is slotted from the light DOM, around the input. Its view had no file mark (the texts were
// in no innerText), then, told by the label, said "setInputFiles on it" of a button that fails it.
test('a drop zone in a shadow root, its text slotted, says it holds the file input, and what the mark says works', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/slotted-upload', `<title>Import</title><h1>Import results</h1><x-uploader>Drag and drop a CSV here or click to upload</x-uploader><p role="status"></p>
<script>
customElements.define('x-uploader', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<label for="f" tabindex="0"><div role="button" style="cursor:pointer;padding:20px;border:1px dashed"><slot></slot><input id="f" type="file" style="width:1px;height:1px;opacity:0"></div></label>';
    root.querySelector('input').addEventListener('change', e => { document.querySelector('[role=status]').textContent = 'Chosen ' + e.target.files[0].name; });
  }
});
</script>`);
  const r = await home.compactProgram('slotted', 'look', `
    await page.goto(${url('/slotted-upload')});
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /^(?:f\d+)?e\d+ button Drag and drop a CSV here or click to upload \[file input inside: setInputFiles on its input\[type=file\]\]$/m, view);
  assert.equal(view.match(/Drag and drop a CSV/g)?.length, 1, `the input, named by the same text, is that button's line: ${view}`);
  const set = await home.compactProgram('slotted', 'set', `
    await page.getByRole('button', { name: 'Drag and drop a CSV here or click to upload' }).first().locator('input[type=file]')
      .setInputFiles({ name: 'GT-3814.csv', mimeType: 'text/csv', buffer: Buffer.from('dish,sown\\n') });
    await expect(page.getByRole('status')).toHaveText('Chosen GT-3814.csv');
    return true;`);
  assert.equal(set.code, 0, explain(set, home));
});

// Site 19's trial: webix's datatable draws its cells by columns (a div per column, a gridcell per
// row in it, each with aria-rowindex and aria-colindex) and has no row elements. The view said
// "360 rows declared, 0 in the page" and nothing else, and the agent spent calls finding rows.
test('a grid drawn by columns (no row elements, cells with aria-rowindex) shows its rows, and says how to reach one', { skip, timeout: testTimeout(2) }, async () => {
  const col = (c: number, texts: string[]) => `<div class="col">${texts.map((t, r) => `<div role="gridcell" aria-rowindex="${r + 1}" aria-colindex="${c}">${t}</div>`).join('')}</div>`;
  server.page('/by-columns', `<title>Plots</title><h1>Plots</h1><div role="grid" aria-rowcount="360" aria-colcount="3" style="display:flex;gap:8px">
${col(1, ['MKL-22', 'MKL-23', 'MKL-24'])}${col(2, ['Millbank Lane', 'Millbank Lane', 'Millbrook Lane'])}${col(3, ['Okafor', 'Okafor', 'Price'])}</div>`);
  const r = await home.compactProgram('by-columns', 'look', `
    await page.goto(${url('/by-columns')});
    return await observe();`);
  assert.equal(r.code, 0, explain(r, home));
  const view: string = r.json.result;
  const lines = view.split('\n');
  assert.ok(lines.includes(' MKL-23 | Millbank Lane | Okafor'), view);
  assert.match(view, /grid \(360 rows declared, 3 in the page; no row elements: its cells are drawn by columns, a row's cells share aria-rowindex: page\.locator\('\[role=gridcell\]\[aria-rowindex="1"\]'\)/, view);
  const cells = await home.compactProgram('by-columns', 'row', `return await page.locator('[role=gridcell][aria-rowindex="2"]').allInnerTexts();`);
  assert.deepEqual(cells.json?.result, ['MKL-23', 'Millbank Lane', 'Okafor'], explain(cells, home));
});
