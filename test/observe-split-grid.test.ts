// Site 7's trial: w2ui draws a grid as separate tables (its header row in one, its frozen columns
// in another, its rows in a third, with blank spacer rows and edge cells) and draws only the
// columns its box shows. observe() printed three unlabelled tables with no columns line and
// nothing to say that the Neutered column (22 of 22) was off to the right; the agent spent ten
// calls finding it. Now the header pane is said as the columns of the table under it, spacers are
// left out, and the grid says how much of its width shows and how to bring in the rest. Real w2ui
// 2.0 (a devDependency), real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { packageFolder } from './harness/packageFolder.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

const COLUMNS = ['Patient no.', 'Pet', 'Species', 'Breed', 'Owner', 'Address', 'Town', 'Postcode', 'Phone', 'Clinic', 'Usual vet', 'Last visit', 'Weight (kg)', 'Neutered'];

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-split-grid-' });
  server = await FixtureServer.start();
  server.files('/vendor/w2ui', packageFolder('w2ui'));
  const columns = COLUMNS.map((text, i) => ({ field: `c${i}`, text, size: '140px', ...(text === 'Neutered' ? { editable: { type: 'checkbox' } } : {}) }));
  const records = Array.from({ length: 120 }, (_, r) => ({
    recid: r + 1, ...Object.fromEntries(COLUMNS.map((text, i) => [`c${i}`, i === 0 ? `FV-${20500 + r}` : text === 'Neutered' ? r % 2 === 0 : `${text} ${r}`])),
  }));
  // A grid whose box is 92% of the window (a sidebar or padding in percent: site 23's DHTMLX grid), 25 columns of 130 px.
  server.page('/fleet-grid', `<!doctype html><title>Fleet</title><style>body { margin: 0 } .g { width: 92%; overflow-x: auto } .r { white-space: nowrap } .r > span { display: inline-block; width: 130px }</style>
<div role="grid" class="g"><div role="row" class="r">${Array.from({ length: 25 }, (_, i) => `<span role="columnheader">Col ${i + 1}</span>`).join('')}</div>
${Array.from({ length: 3 }, (_, r) => `<div role="row" class="r">${Array.from({ length: 25 }, (_, i) => `<span role="gridcell">R${r + 1}C${i + 1}</span>`).join('')}</div>`).join('')}</div>`);
  // SVAR's grid (site 25): aria-rowcount and aria-colcount count what it drew (18 rows, 10 columns), while its scroller holds 320 rows and 21 columns.
  server.page('/svar', `<!doctype html><title>Bookings</title><style>body { margin: 0 } .s { overflow: auto; width: 600px; height: 200px } .r { white-space: nowrap; display: flex } .r > span { flex: none; width: 120px } .in { width: 2520px; height: 11840px }</style>
<div role="grid" aria-rowcount="4" aria-colcount="5"><div class="s"><div class="in">
<div role="row" class="r">${Array.from({ length: 5 }, (_, i) => `<span role="columnheader" aria-colindex="${i + 1}">Col ${i + 1}</span>`).join('')}</div>
${Array.from({ length: 3 }, (_, r) => `<div role="row" class="r">${Array.from({ length: 5 }, (_, i) => `<span role="gridcell" aria-colindex="${i + 1}">R${r + 1}C${i + 1}</span>`).join('')}</div>`).join('')}</div></div></div>`);
  server.page('/patients', `<!doctype html><title>Patients</title><link rel="stylesheet" href="/vendor/w2ui/w2ui-2.0.min.css">
<script src="/vendor/w2ui/w2ui-2.0.min.js"></script>
<h1>Patients</h1><div id="grid" style="width: 700px; height: 400px"></div>
<script>new w2grid({ name: 'patients', box: '#grid', columns: ${JSON.stringify(columns)}, records: ${JSON.stringify(records)} });</script>`);
  // TOAST UI Grid's markup (site 8's trial), its shape only: a header table of <th> with every
  // column, and a body table three levels inside the element that scrolls, drawing the columns
  // in view (here four of eight).
  const names = ['Patron no.', 'Title', 'First name', 'Surname', 'Postcode', 'Email', 'Phone', 'Membership'];
  const cellStyle = 'style="width: 120px; min-width: 120px; max-width: 120px; padding: 0; box-sizing: border-box"';
  server.page('/patrons', `<!doctype html><title>Patrons</title><h1>Patrons</h1>
<div class="grid" style="width: 500px">
  <div class="header-area" style="overflow: hidden"><table style="border-collapse: collapse; table-layout: fixed; width: 960px"><tr>${names.map(n => `<th ${cellStyle}>${n}</th>`).join('')}</tr></table></div>
  <div class="body-area" style="overflow: scroll; height: 200px"><div class="body-container" style="width: 960px; height: 6000px"><div class="table-container">
    <table style="border-collapse: collapse; table-layout: fixed; width: 480px">${Array.from({ length: 12 }, (_, r) => `<tr>${['KP-' + (10400 + r), 'Mr', 'First ' + r, 'Surname ' + r].map(t => `<td ${cellStyle}>${t}</td>`).join('')}</tr>`).join('')}</table>
  </div></div></div>
</div>`);
  // Handsontable 18's markup (site 5's trial), its shape only: a treegrid declaring 27 columns,
  // drawn in <table role=presentation> panes: the master (a header row led by a "Select whole
  // grid" corner, rows led by their numbers) and a frozen-column clone laid over its left edge,
  // repeating the numbers and the Account cells with the same aria-rowindex and aria-colindex.
  server.page('/customers', `<!doctype html><title>Customers</title><h1>Customers</h1>
<div role="treegrid" aria-rowcount="-1" aria-colcount="27" style="position: relative; width: 520px; height: 300px">
  <div class="master" style="overflow: auto; width: 520px; height: 300px"><table role="presentation" style="border-collapse: collapse; table-layout: fixed; width: 700px"><tbody></tbody></table></div>
  <div class="clone" style="position: absolute; left: 0; top: 0; background: white"><table role="presentation" style="border-collapse: collapse; table-layout: fixed; width: 200px"><tbody></tbody></table></div>
</div>
<script>
const names = ['Account', 'Title', 'First name', 'Surname', 'Address', 'Town'];
const row = (index, cells) => '<tr role="row" aria-rowindex="' + index + '">' + cells.join('') + '</tr>';
const cell = (role, column, text) => '<' + (role === 'gridcell' ? 'td' : 'th') + ' role="' + role + '" aria-colindex="' + column + '" style="min-width: 100px; width: 100px; height: 24px; padding: 0">' + text + '</' + (role === 'gridcell' ? 'td' : 'th') + '>';
const corner = cell('gridcell', 1, '<button aria-label="Select whole grid" style="width: 20px"></button>');
const people = Array.from({ length: 12 }, (_, i) => ['SGA-' + (40500 + i), i % 2 ? 'Mr' : 'Mrs', 'First ' + i, 'Surname ' + i, i + ' Mill Road', 'Town ' + i]);
document.querySelector('.master tbody').innerHTML = row(1, [corner, ...names.map((n, j) => cell('columnheader', j + 2, n))])
  + people.map((p, i) => row(i + 2, [cell('rowheader', 1, i + 1), ...p.map((t, j) => cell('gridcell', j + 2, t))])).join('');
document.querySelector('.clone tbody').innerHTML = row(1, [corner, cell('columnheader', 2, 'Account')])
  + people.map((p, i) => row(i + 2, [cell('rowheader', 1, i + 1), cell('gridcell', 2, p[0])])).join('');
</script>`);
  // turbogrid 3 (site 32's trial): plain div rows, no roles, its frozen columns in a pane of
  // their own beside the scrolling one; each pane draws a row element for every row.
  // Site 36: a kanban board, lanes side by side of three cards each, each card three texts, a gap between cards.
  const card = (id: string, what: string, where: string) => `<div class="card"><div>${id}</div><div>${what}</div><div>${where}</div></div>`;
  const lane = (name: string, cards: string[][]) => `<section class="lane"><h2>${name}</h2><div class="cards">${cards.map(c => card(c[0], c[1], c[2])).join('')}</div></section>`;
  server.page('/board', `<!doctype html><title>Batches</title><style>.board { display: flex; gap: 16px } .lane { width: 260px } .card { margin-bottom: 8px; padding: 6px; border: 1px solid #ccc }</style>
<h1>Honey batches</h1><div class="board">${lane('Supers in', [['B26-052', 'Lime', 'Manse Orchard'], ['B26-053', 'Spring blossom', 'Hollins Lane'], ['B26-054', 'Heather', 'Ferny Knowe']])}${lane('Extracting', [['B26-049', 'Heather', 'Ferny Knowe'], ['B26-050', 'Borage', 'Hollins Lane'], ['B26-051', 'Wildflower', 'Tweedsmuir']])}</div>`);
  server.files('/vendor/turbogrid', packageFolder('turbogrid'));
  server.page('/kit', `<!doctype html><title>Kit</title><script src="/vendor/turbogrid/dist/turbogrid.js"></script>
<h1>Kit register</h1><div id="kit" style="width: 900px; height: 400px"></div>
<script>
const columns = [{ id: 'asset', name: 'Asset ID', width: 100 }, { id: 'item', name: 'Item', width: 200 },
  ...['Category', 'Location', 'Status', 'Make', 'Model', 'Serial no.', 'Notes', 'Supplier'].map(name => ({ id: name, name, width: 140 }))];
const rows = Array.from({ length: 60 }, (_, i) => ({ asset: 'FW-' + (40000 + i), item: i % 3 ? 'Blood warmer' : 'Video laryngoscope',
  Category: 'Cat ' + i, Location: i % 2 ? 'Pennbridge base' : 'Harrowby base', Status: 'In service', Make: 'Make ' + i, Model: 'Model ' + i, 'Serial no.': 'SN-' + i, Notes: 'Note ' + i, Supplier: 'Supplier ' + i }));
const grid = new turbogrid.Grid('#kit');
grid.setOption({ frozenColumn: 1, rowNumberVisible: true, rowHeight: 32 });
grid.setData({ columns, rows });
grid.render();
</script>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('a grid drawn as separate header and row tables reads as one table with its columns, and says how to bring in the columns off to the right', { skip, timeout: testTimeout(2) }, async () => {
  const first = await home.program('split', 'split-1', `
    await page.goto(${JSON.stringify(server.url('/patients'))});
    await page.getByText('FV-20501').waitFor();
    return await observe();`);
  assert.equal(first.json?.status, 'succeeded', explain(first, home));
  const view: string = first.json.result;
  const tables = view.split('\n').filter(line => /^\S+ table\b/.test(line));
  assert.equal(tables.length, 1, `one table for the grid, not its panes:\n${view}`);
  const columns = /^ columns: (.*)$/m.exec(view)?.[1] ?? '';
  assert.ok(columns.startsWith('Patient no. | Pet | Species'), `the header pane is the grid's columns:\n${view}`);
  assert.ok(!columns.includes('Neutered'), `Neutered is not drawn at first (w2ui draws the columns its box shows):\n${view}`);
  assert.match(view, /^ FV-20501 \| Pet 1 \| Species 1/m, `rows start at their first cell, no blank edge cell:\n${view}`);
  assert.ok(!/^ (\| )+$|^ +\|/m.test(view), `no blank spacer rows:\n${view}`);
  const wheel = /(\d+) of (\d+) px across in view: hover a cell and page\.mouse\.wheel\((\d+), 0\) for the rest/.exec(tables[0]);
  assert.ok(wheel, `the grid says how much of its width shows, and how to scroll to the rest:\n${tables[0]}`);
  assert.equal(Number(wheel[3]), Number(wheel[2]) - Number(wheel[1]));
  // The hint, followed as written, brings the last column in. On a loaded machine Chromium can
  // drop a wheel sent right after the hover scrolled the cell into view (its scroller not hit-
  // tested yet; fresh clone of 81c440e): the program does as an agent would, and goes again.
  const next = await home.program('split', 'split-2', `
    await expect(async () => {
      await page.getByText('FV-20501').hover();
      await page.mouse.wheel(${wheel[3]}, 0);
      await expect(page.getByText('Neutered')).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    return await observe();`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
  assert.match(next.json.result, /^ columns: .*\| Neutered$/m, next.json.result);
  assert.match(next.json.result, /\[\S+ checkbox( \[checked\])?\]$/m, `the Neutered cells' checkboxes, with refs:\n${next.json.result}`);
});

test('the wider viewport a grid that scrolls sideways suggests, set and reloaded, shows it whole where its box grows less than the window', { skip, timeout: testTimeout(2) }, async () => {
  // Site 23's trial: the width suggested added what was hidden to the window's, the grid got 92%
  // of it, and the next look asked for 210 px more.
  const first = await home.program('wide', 'wide-1', `
    await page.goto(${JSON.stringify(server.url('/fleet-grid'))});
    return await observe();`);
  assert.equal(first.json?.status, 'succeeded', explain(first, home));
  const size = /page\.setViewportSize\(\{ width: (\d+), height: (\d+) \}\) and reload/.exec(first.json.result);
  assert.ok(size, first.json.result);
  const next = await home.program('wide', 'wide-2', `
    await page.setViewportSize({ width: ${size[1]}, height: ${size[2]} });
    await page.reload();
    return await observe();`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
  assert.doesNotMatch(next.json.result, /px across in view/, next.json.result);
  assert.match(next.json.result, /Col 25/, next.json.result);
});

test('a grid whose declared counts are only what it drew, in a scroller that holds more, says it scrolls for more rows and columns', { skip, timeout: testTimeout(1) }, async () => {
  // Site 25's trial: SVAR's grid declared 18 rows and 10 columns of 320 and 21; the view said nothing of the rest, and the agent found the key-safe column by scrolling in a call of its own.
  const r = await home.program('svar', 'look', `
    await page.goto(${JSON.stringify(server.url('/svar'))});
    return await observe();`);
  assert.equal(r.json?.status, 'succeeded', explain(r, home));
  assert.match(r.json.result, /grid \(3 rows; scrolls: more rows and columns may exist beyond those in the page; \d+ of 2520 px across in view/, r.json.result);
});

test('a grid whose frozen column is a clone pane laid over it (Handsontable) reads as one row per row, numbers first, with its declared columns', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('split', 'clone-1', `
    await page.goto(${JSON.stringify(server.url('/customers'))});
    return await observe();`);
  assert.equal(r.json?.status, 'succeeded', explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /^ columns: # \| Account \| Title \| First name \| Surname \| Address \| Town; .*20 more of 27 not in the page \(columns 8-27\)/m, view);
  assert.match(view, /^ 2 \| SGA-40501 \| Mr \| First 1 \| Surname 1 \| 1 Mill Road \| Town 1$/m, `each row once, its clone's copies left out:\n${view}`);
  assert.equal((view.match(/SGA-40501/g) ?? []).length, 1, view);
  assert.match(view, /treegrid \(12 rows/, view);
});

test('a click on a cell that its frozen-column copy covers says to act on the copy, and the copy takes it', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('split', 'clone-2', `
    await page.goto(${JSON.stringify(server.url('/customers'))});
    await page.getByText('SGA-40501').first().click({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', explain(r, home));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /a copy drawn over it .*\.last\(\)/, hints);
  assert.doesNotMatch(hints, /close it or wait for it to go/, hints);
  const next = await home.program('split', 'clone-3', `
    await page.getByText('SGA-40501').last().click({ timeout: 5000 });
    return 'clicked';`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
});

test('a header table of <th> over a body table that draws only some columns reads as one table: its columns, the rest out of view, and how far it scrolls', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('split', 'toast-1', `
    await page.goto(${JSON.stringify(server.url('/patrons'))});
    return await observe();`);
  assert.equal(r.json?.status, 'succeeded', explain(r, home));
  const view: string = r.json.result;
  assert.equal(view.split('\n').filter(line => /^\S+ table\b/.test(line)).length, 1, view);
  assert.match(view, /^ columns: Patron no\. \| Title \| First name \| Surname; out of view: Postcode, Email, Phone, Membership$/m, view);
  assert.match(view, /table \(12 rows; scrolls: more rows and columns may exist .*page\.mouse\.wheel\(\d+, 0\)/, view);
});

test('cards of lanes side by side (a kanban board) are not joined as rows drawn in panes: each lane keeps its own cards under its heading', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('panes', 'board-1', `
    await page.goto(${JSON.stringify(server.url('/board'))});
    return await observe();`);
  assert.equal(r.json?.status, 'succeeded', explain(r, home));
  const view: string = r.json.result;
  assert.doesNotMatch(view, /panes side by side/, view);
  assert.match(view, /^## Extracting\n(.*\n)?B26-049 \| Heather \| Ferny Knowe$/m, `the lane's first card under its own heading:\n${view}`);
});

test('rows drawn without roles in a frozen pane beside a scrolling one (turbogrid) read as one line each, and say a row element holds only its pane\'s cells', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('panes', 'kit-1', `
    await page.goto(${JSON.stringify(server.url('/kit'))});
    await page.getByText('FW-40001').waitFor();
    return await observe();`);
  assert.equal(r.json?.status, 'succeeded', explain(r, home));
  const view: string = r.json.result;
  assert.match(view, /^\(rows drawn in 2 panes side by side, .*row element at the same height/m, view);
  assert.match(view, /^2 \| FW-40001 \| Blood warmer \| Cat 1 \| Pennbridge base \| In service/m, `the row's cells from both panes on one line:\n${view}`);
  assert.equal((view.match(/^Cat 1\b/gm) ?? []).length, 0, `the scrolling pane's row is not printed again:\n${view}`);
  // What the note teaches: the row's other cells are in the row element at the same height.
  const check = await home.program('panes', 'kit-2', `
    const left = page.locator('.tg-row', { hasText: 'FW-40001' });
    const top = (await left.boundingBox()).y;
    const rows = page.locator('.tg-row', { hasText: 'Pennbridge base' });
    for (const row of await rows.all()) if (Math.abs((await row.boundingBox()).y - top) < 1) return await row.textContent();
    return null;`);
  assert.match(String(check.json?.result), /Cat 1(?!\d)/, explain(check, home));
});
