// Issue 10 part 1, the formatter alone: Playwright's ai snapshot trees (as ariaSnapshotJSON
// gives them) in, the compact view out. No browser: the end-to-end tests are in observe.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactView, renderCapped, withoutUrl, type AriaNode } from '../runtime/worker/observation/compactView.js';
import { diffLines, diffViews } from '../runtime/worker/observation/viewDiff.js';

const PAGE = { title: 'Book a stay', url: 'http://127.0.0.1:1/datepicker.html' };
const view = (tree: AriaNode[], max?: number) => renderCapped(compactView(tree, PAGE), max);

function calendar(month: string, days: number, firstRef: number, pressed?: number): AriaNode[] {
  const rows: AriaNode[] = [];
  for (let d = 1; d <= days; d += 7) {
    const cells: AriaNode[] = [];
    for (let k = d; k < d + 7 && k <= days; k++) {
      const button = { role: 'button', name: `${k} ${month}`, ref: `e${firstRef + 2 * k}`, text: String(k), ...(k === pressed ? { pressed: true } : {}) };
      cells.push({ role: 'gridcell', ref: `e${firstRef + 2 * k - 1}`, children: [button] });
    }
    rows.push({ role: 'row', children: cells });
  }
  return [{
    role: 'main', ref: 'e2', children: [
      { role: 'heading', name: 'Book a stay', level: 1, ref: 'e3' },
      { role: 'button', name: 'Next month', ref: 'e8', text: '›' },
      { role: 'heading', name: month, level: 2, ref: `e${firstRef - 2}` },
      { role: 'grid', name: month, ref: `e${firstRef - 1}`, children: [
        { role: 'rowgroup', children: [{ role: 'row', children: ['Mo', 'Tu'].map(n => ({ role: 'columnheader', name: n })) }] },
        { role: 'rowgroup', children: rows },
      ] },
      { role: 'group', name: 'Guests', ref: 'e90', children: ['Guests', { role: 'button', name: 'Increase guests', ref: 'e91', text: '+' }] },
      { role: 'status', ref: 'e94' },
    ],
  }];
}

test('a run of look-alike controls is one line with its name pattern, count and ref range', () => {
  const text = view(calendar('December 2026', 31, 20));
  assert.match(text, /^e19 grid December 2026:\n columns: Mo \| Tu\n e22\.\.e82 button ×31: \{1\.\.31\} December 2026$/m);
  assert.doesNotMatch(text, /15 December 2026/, 'no member is listed on its own');
  assert.match(text, /^e8 button Next month$/m, 'the symbol inside a named button is left out');
  assert.match(text, /^group Guests:\n e91 button Increase guests$/m, 'a label repeating its group name is left out');
  assert.match(text, /^## December 2026$/m);
  assert.match(text, /^# Book a stay <http:\/\/127\.0\.0\.1:1\/datepicker\.html>\n/, 'an h1 repeating the title shares its line');
  assert.ok(!text.includes('"'), 'no double quotes: each would cost a backslash in the receipt');
});

test('members whose state differs are named after the pattern', () => {
  assert.match(view(calendar('June 2027', 30, 100, 15)), /button ×30: \{1\.\.30\} June 2027; \[pressed\] 15$/m);
});

test('fewer than five look-alikes, or names without a shared pattern, stay one per line', () => {
  const names = ['Home', 'Pricing', 'Docs', 'Blog', 'About', 'Careers'];
  const text = view(names.map((name, i) => ({ role: 'link', name, ref: `e${i + 1}` })));
  for (const name of names) assert.match(text, new RegExp(`^e\\d+ link ${name}$`, 'm'));
  const four = view([1, 2, 3, 4].map(i => ({ role: 'button', name: `Day ${i}`, ref: `e${i}` })));
  assert.equal(four.split('\n').length, 5);
});

test('a form is a line per control with labels merged, values and options', () => {
  const text = view([{ role: 'main', children: [
    { role: 'generic', ref: 'e5', text: 'Name' }, { role: 'textbox', name: 'Name', ref: 'e6', text: 'Ada' },
    { role: 'combobox', name: 'Country', ref: 'e10', children: [{ role: 'option', name: 'Choose', selected: true }, { role: 'option', name: 'France' }] },
    { role: 'paragraph', ref: 'e15', children: [{ role: 'checkbox', name: 'I agree', ref: 'e16', checked: true }, 'I agree'] },
    { role: 'button', name: 'Submit', ref: 'e17', disabled: true },
    { role: 'separator', ref: 'e18' }, { role: 'img', ref: 'e19' },
  ] }]);
  assert.equal(text, [
    'Book a stay <http://127.0.0.1:1/datepicker.html>',
    'e6 textbox Name = Ada',
    'e10 combobox Country = Choose; options: France',
    'e16 checkbox I agree [checked]',
    'e17 button Submit [disabled]',
  ].join('\n'));
});

test('a label and a lone * each on their own line above the control that carries them are left out; text that says more is kept', () => {
  const text = view([{ role: 'form', name: 'New ticket', ref: 'e2', children: [
    // Shoelace's sl-input: its label and the required mark are two nodes above the textbox.
    { role: 'generic', ref: 'e5', children: [{ role: 'generic', ref: 'e6', text: 'Title' }, '*'] },
    { role: 'textbox', name: 'Title *', ref: 'e9' },
    // A plain label, then the mark in a block of its own.
    'Summary', { role: 'generic', ref: 'e24', text: '*' }, { role: 'textbox', name: 'Summary', ref: 'e25' },
    { role: 'paragraph', ref: 'e30', text: 'Tickets are answered within a day.' },
    { role: 'textbox', name: 'Due date', ref: 'e31' },
  ] }]);
  assert.equal(text, [
    'Book a stay <http://127.0.0.1:1/datepicker.html>',
    'form New ticket:',
    ' e9 textbox Title *',
    ' e25 textbox Summary',
    ' Tickets are answered within a day.',
    ' e31 textbox Due date',
  ].join('\n'));
});

test('a node aria-owns places under another is marked: a locator through its owner finds nothing', () => {
  const lines = compactView([{ role: 'form', name: 'New ticket', ref: 'e2', children: [
    { role: 'combobox', name: 'Priority', ref: 'e13', expanded: true, children: [
      { role: 'listbox', name: 'Priority', ref: 'e1', children: [{ role: 'option', name: 'Low', ref: 'e2a' }, { role: 'option', name: 'High', ref: 'e3a' }] },
    ] },
  ] }], { ...PAGE, elsewhere: new Set(['e1']) }).map(l => `${' '.repeat(l.depth)}${l.text}`);
  assert.deepEqual(lines.slice(1), [
    'form New ticket:', ' e13 combobox Priority [expanded]', '  e1 listbox Priority [DOM elsewhere: locate from page]', '   e2a option Low', '   e3a option High',
  ]);
});

test('a live region whose text sits in elements with refs (every element has one in ai mode) is one line', () => {
  const text = view([{ role: 'alert', ref: 'e26', children: [{ role: 'generic', ref: 'e27', text: 'Ticket TCK-1042 created' }] }]);
  assert.equal(text.split('\n')[1], 'e26 alert: Ticket TCK-1042 created');
});

test('dialogs and alerts come first; a long table keeps its first and last rows and says how many it left out', () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ role: 'row', ref: `r${i}`, children: [{ role: 'cell', name: `ORD-${i + 1}` }, { role: 'cell', name: `$${i}.00` }] }));
  const text = view([
    { role: 'table', name: 'Orders', ref: 'e4', children: [
      { role: 'row', children: [{ role: 'columnheader', name: 'ID' }, { role: 'columnheader', name: 'Amount' }] }, ...rows] },
    { role: 'dialog', name: 'Cookies', ref: 'e50', children: [{ role: 'paragraph', text: 'We use cookies' }, { role: 'button', name: 'Accept', ref: 'e51' }] },
  ]);
  const lines = text.split('\n');
  assert.deepEqual(lines.slice(1, 4), ['dialog Cookies:', ' We use cookies', ' e51 button Accept']);
  assert.match(text, /^e4 table Orders \(30 rows, 10 shown\):\n columns: ID \| Amount\n ORD-1 \| \$0\.00$/m);
  assert.match(text, /^ … 20 more rows \(9-28\) not shown$/m);
  assert.match(text, /^ ORD-30 \| \$29\.00$/m);
});

test('the size cap keeps whole lines and ends with a note of what it cut', () => {
  const tree: AriaNode[] = [
    { role: 'heading', name: 'Top', level: 1 },
    ...Array.from({ length: 40 }, (_, i) => ({ role: 'link', name: `Topic${i * 7}-${'x'.repeat(30)}`, ref: `e${i + 10}` })),
    { role: 'navigation', name: 'Footer', children: [{ role: 'link', name: 'Imprint', ref: 'e99' }] },
    { role: 'alert', text: 'Session expires soon' },
  ];
  const text = view(tree, 400);
  assert.ok(text.length <= 400 + 200, `capped: ${text.length}`);
  assert.match(text, /^alert: Session expires soon$/m, 'an alert is never cut');
  assert.match(text, /\[cut: \d+ more lines \(\d+ chars\) past maxChars 400, from navigation Footer\. observe\(locator\) shows one part\]$/);
  assert.doesNotMatch(text, /Imprint/);
});

test('since last: changed, added and removed lines, matched by ref or by place', () => {
  const before = compactView(calendar('December 2026', 31, 20), PAGE);
  const after = compactView(calendar('June 2027', 30, 100, 15), PAGE);
  const text = renderCapped(diffLines(diffViews(before, after), after[0]));
  assert.equal(text, [
    '# Book a stay <http://127.0.0.1:1/datepicker.html>',
    'changes since the last observation, 6 lines unchanged:',
    '~ ## June 2027',
    '~ e99 grid June 2027:',
    '~  e102..e160 button ×30: {1..30} June 2027; [pressed] 15',
  ].join('\n'));
  const same = renderCapped(diffLines(diffViews(after, after), after[0]));
  assert.match(same, /no changes since the last observation$/);
  const grown = compactView([...calendar('June 2027', 30, 100, 15), { role: 'alert', text: 'Sold out' }], PAGE);
  assert.match(renderCapped(diffLines(diffViews(after, grown), grown[0])), /^\+ alert: Sold out$/m);
  assert.match(renderCapped(diffLines(diffViews(grown, after), after[0])), /^- alert: Sold out$/m);
});

// Site 8's trial: a modal dialog makes the rest of the page inert, so its elements lose their refs
// in the snapshot; the diff listed the whole background again as added (and once more with refs
// when the dialog closed), burying the dialog's own lines.
test('since last: lines that only lost or regained their ref (a page behind a modal) are unchanged', () => {
  const page: AriaNode[] = [
    { role: 'navigation', name: 'Main', children: [{ role: 'link', name: 'Patrons', ref: 'e8' }, { role: 'link', name: 'Bookings', ref: 'e9' }] },
    { role: 'searchbox', name: 'Search bookings', ref: 'e20' },
    { role: 'button', name: 'Cancel booking…', ref: 'e30' },
  ];
  const inert: AriaNode[] = [
    { role: 'navigation', name: 'Main', children: [{ role: 'link', name: 'Patrons' }, { role: 'link', name: 'Bookings' }] },
    { role: 'searchbox', name: 'Search bookings' },
    { role: 'button', name: 'Cancel booking…' },
  ];
  const dialog: AriaNode = { role: 'alertdialog', name: 'Cancel booking?', children: [{ role: 'button', name: 'Cancel and refund', ref: 'e40' }] };
  const before = compactView(page, PAGE);
  const open = compactView([dialog, ...inert], PAGE);
  const opened = renderCapped(diffLines(diffViews(before, open), open[0]));
  assert.match(opened, /^\+ alertdialog Cancel booking\?:$/m, opened);
  assert.match(opened, /^\+  e40 button Cancel and refund$/m, opened);
  assert.doesNotMatch(opened, /Patrons|Bookings|Search bookings|Cancel booking…/, opened);
  const closed = compactView(page, PAGE);
  const back = renderCapped(diffLines(diffViews(open, closed), closed[0]));
  assert.doesNotMatch(back, /^\+ .*(Patrons|Search bookings)/m, back);
  assert.match(back, /^- alertdialog Cancel booking\?:$/m, back);
  // A reload gives every element a new ref: those lines did change (the old refs are gone).
  const reloaded = compactView(JSON.parse(JSON.stringify(page).replace(/"e(\d+)"/g, '"f2e$1"')) as AriaNode[], PAGE);
  const again = renderCapped(diffLines(diffViews(closed, reloaded), reloaded[0]));
  assert.match(again, /^~  - f2e8 link Patrons$|^~ +f2e8 link Patrons$/m, again);
});

// Site 14's trial: a search filled with fill() on a list that filters on key events changed
// nothing but the box; the agent read the list twice more before typing key by key.
test("a diff where only a field's value changed says nothing answered it, and how lists listen", () => {
  const page = (value: string | undefined, rows: string[]): AriaNode[] => [
    { role: 'textbox', name: 'Search customers', ref: 'e30', ...(value ? { text: value } : {}) },
    { role: 'table', ref: 'e31', children: rows.map(r => ({ role: 'row', children: [{ role: 'cell', text: r }] })) },
  ];
  const before = compactView(page(undefined, ['Brightwater', 'Northgate']), PAGE);
  const filled = compactView(page('Bright', ['Brightwater', 'Northgate']), PAGE);
  const text = renderCapped(diffLines(diffViews(before, filled), filled[0]));
  assert.match(text, /^~ e30 textbox Search customers.*= Bright$/m, text);
  assert.match(text, /^\(only a field's value changed: nothing else on the page answered it\. .*pressSequentially\(text\), not fill; .*press\('Enter'\)\)$/m, text);
  const answered = compactView(page('Bright', ['Brightwater']), PAGE);
  assert.doesNotMatch(renderCapped(diffLines(diffViews(before, answered), answered[0])), /only a field's value changed/, 'the list answered');
});

// Site 8's trial: an autocomplete's option with its typed part highlighted read as two lines, "Au"
// and "dio description"; any sentence with a word set apart was cut into lines the same way.
test('text with inline elements set apart (mark, strong, emphasis, code) reads as one line', () => {
  const tree: AriaNode[] = [
    { role: 'generic', children: [{ role: 'mark', children: ['Au'] }, 'dio description'] },
    { role: 'paragraph', children: ['Press Enter to', { role: 'emphasis', children: ['save'] }, 'now'] },
    { role: 'generic', children: [{ role: 'strong', children: ['Total:'] }, '42 items'] },
    { role: 'generic', children: ['Run', { role: 'code', children: ['npm test'] }, { role: 'button', name: 'Copy', ref: 'e9' }] },
  ];
  const lines = view(tree).split('\n').slice(1);
  assert.deepEqual(lines, ['Audio description', 'Press Enter to save now', 'Total: 42 items', 'Run npm test', 'e9 button Copy']);
});

test('withoutUrl leaves the URL out of the header only, and keeps it when it is all the header says', () => {
  const tree: AriaNode[] = [{ role: 'button', name: 'Go', ref: 'e2' }];
  const url = 'http://127.0.0.1:1/a?b=<c>';
  const titled = compactView(tree, { title: 'A page', url });
  assert.deepEqual(renderCapped(withoutUrl(titled, url)).split('\n'), ['A page', 'e2 button Go']);
  const scoped = compactView(tree, { title: 'A page', url, scope: "getByRole('main')" });
  assert.equal(withoutUrl(scoped, url)[0].text, "A page in getByRole('main')");
  const untitled = compactView(tree, { title: '', url });
  assert.equal(withoutUrl(untitled, url)[0].text, `<${url}>`);
  assert.equal(withoutUrl(titled, 'http://elsewhere/')[0].text, `A page <${url}>`, 'another URL leaves the header as it was');
});

test("a styled select's own hidden list (options with text, no names) shows its value and options, never their texts as its name", () => {
  // Slim Select keeps the page's <select multiple> aria-hidden: Playwright's snapshot gives its
  // options text but no name. Site 3's trial printed `listbox Avonmouth DC Basingstoke DC … = ; options: , , ,`.
  const text = view([{ role: 'listbox', children: [
    { role: 'option', text: 'Avonmouth DC' },
    { role: 'option', text: 'Daventry DC', selected: true },
    { role: 'option', text: 'Thurrock Cross-dock' },
  ] } as AriaNode]);
  assert.match(text, /^listbox = Daventry DC; options: Avonmouth DC, Thurrock Cross-dock$/m, text);
  assert.doesNotMatch(text, /text of/, text);
});

test('a wrapper named by its title (a multi-select\'s chips: Vaadin\'s) says its name, before the unnamed remove control inside it', () => {
  const chip = (name: string, ref: number): AriaNode => ({ role: 'generic', name, ref: `e${ref}`, children: [{ role: 'generic', ref: `e${ref + 2}`, cursor: 'pointer' } as AriaNode] });
  const text = view([{ role: 'generic', ref: 'e47', children: [
    { role: 'generic', ref: 'e49', children: [chip('Tomás Reyes', 50), chip('Ruth Okafor', 53)] },
    { role: 'combobox', name: 'Attendees', ref: 'e56' },
    // Named by its title, and saying the same as its text: said once.
    { role: 'generic', name: 'Due 3 July', ref: 'e60', text: 'Due 3 July' },
  ] }]);
  assert.match(text, /^Tomás Reyes\ne52 clickable\nRuth Okafor\ne55 clickable\ne56 combobox Attendees\nDue 3 July$/m, text);
});

// Site 33's trial: an empty deck lane was a div labelled "15:05 sailing, lane L3" whose only text
// was CSS generated content ("Empty lane", from ::before). The view printed the text and not the
// label; getByText finds no generated content, and the agent's drag found no lane.
test('a labelled wrapper whose text says something else (generated content) says its label too', () => {
  const text = view([{ role: 'region', name: '15:05 sailing', ref: 'e1', children: [
    { role: 'generic', ref: 'e2', text: 'L2' },
    { role: 'generic', name: '15:05 sailing, lane L2', ref: 'e3', children: [{ role: 'generic', ref: 'e4', text: 'Car' }] },
    { role: 'generic', ref: 'e5', text: 'L3' },
    { role: 'generic', name: '15:05 sailing, lane L3', ref: 'e6', text: 'Empty lane' },
  ] }]);
  assert.match(text, /^ L3\n 15:05 sailing, lane L3\n Empty lane$/m, text);
});

// Site 33's trial: chart.xkcd draws its tooltip as SVG text after the axes and the legend; the
// drawing's line, cut at 200 characters, ended "Aug Kestrel Isle: 1519 I…" and the figure asked
// for was in the part cut.
test('a drawing\'s text too long for its line keeps its end, where a tooltip drawn last is', () => {
  const axes = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec 0.4k 0.6k 0.8k 1.0k 1.2k 1.4k Kestrel Isle Inchmurran Carrick Holm Skerrivore Vehicles carried per month Month (2024) Vehicles';
  const text = view([{ role: 'img', ref: 'e42', children: [axes, 'Aug', 'Kestrel Isle: 1519', 'Inchmurran: 1482', 'Carrick Holm: 1497', 'Skerrivore: 1248'] }]);
  assert.match(text, /^e42 img: Jan Feb .*….*Inchmurran: 1482 Carrick Holm: 1497 Skerrivore: 1248 \(a drawing/m, text);
});

// Site 34's trial: Syncfusion's grid marks every cell of the clicked row aria-selected; the row's
// line said [selected] after each of its 29 cells and was cut at its 14th, before the voucher.
test('a row whose every cell is selected says so once, before its cells', () => {
  const cell = (name: string, ref: number, selected = false): AriaNode => ({ role: 'gridcell', name, ref: `e${ref}`, ...(selected ? { selected: true } : {}) });
  const names = Array.from({ length: 29 }, (_, i) => `Column value ${i + 1}`);
  const text = view([{ role: 'grid', ref: 'e1', children: [
    { role: 'row', ref: 'e2', children: names.map((n, i) => ({ role: 'columnheader', name: `Head ${i + 1}`, ref: `e${10 + i}` })) },
    { role: 'row', ref: 'e3', children: names.map((n, i) => cell(`A ${i + 1}`, 100 + i)) },
    { role: 'row', ref: 'e4', children: names.map((n, i) => cell(`B ${i + 1}`, 200 + i, true)) },
    { role: 'row', ref: 'e5', children: names.map((n, i) => cell(`C ${i + 1}`, 300 + i, i === 2)) },
  ] } as AriaNode]);
  assert.match(text, /^ \[selected\] B 1 \| B 2 \| .*\| B 29$/m, text);
  assert.match(text, /^ C 1 \| C 2 \| C 3 \[selected\] \| C 4/m, text);
});

// Site 34's trial: Syncfusion's dropdown cell editor owns its popup (aria-owns), so the tree put the
// open list inside the combobox, inside a grid cell; the row printed the combobox `[expanded]` and
// none of its options, and the agent looked again for the list.
test('an open list a control owns (aria-owns) is shown after the table it sits in, its options with refs', () => {
  const options = ['Dead', 'Living', 'Propagating'].map((name, i): AriaNode => ({ role: 'option', name, ref: `e${180 + i}`, ...(name === 'Living' ? { selected: true } : {}) }));
  const text = view([{ role: 'grid', ref: 'e1', children: [
    { role: 'row', ref: 'e2', children: [{ role: 'columnheader', name: 'Accession no.', ref: 'e3' }, { role: 'columnheader', name: 'Status', ref: 'e4' }] },
    { role: 'row', ref: 'e5', children: [{ role: 'gridcell', name: '1994.5157', ref: 'e6' }, { role: 'gridcell', name: 'Living', ref: 'e7', children: [
      { role: 'combobox', name: 'Living', expanded: true, active: true, ref: 'e175', children: [
        { role: 'combobox', name: 'Living', expanded: true },
        { role: 'dialog', name: 'grid_0status', ref: 'e177', children: [{ role: 'listbox', name: 'listbox', ref: 'e179', children: options }] },
      ] },
    ] }] },
  ] } as AriaNode]);
  assert.match(text, /^ 1994\.5157 \| \[e175 combobox Living.*\[expanded\]\]$/m, text);
  assert.match(text, /^dialog grid_0status:\n e179 listbox listbox\n  e180 option Dead\n  e181 option Living\n  e182 option Propagating$/m, text);
});

test('observe(row): a row observed on its own reads as one line of its cells, a field in a cell as a control', () => {
  const text = view([{ role: 'row', ref: 'f1e1', children: [
    { role: 'cell', name: '119', ref: 'f1e2' }, { role: 'cell', name: 'KH-18826', ref: 'f1e3' },
    { role: 'cell', ref: 'f1e4', children: [{ role: 'textbox', ref: 'f1e9', text: '3780', active: true }] },
    { role: 'cell', name: 'Meadow Futures', ref: 'f1e5' },
  ] }]);
  assert.match(text, /^f1e1 row: 119 \| KH-18826 \| \[f1e9 textbox = 3780\] \| Meadow Futures$/m, text);
});

test('a long table keeps the row with the focus or an open field, between the first and last rows it shows', () => {
  const rows: AriaNode[] = Array.from({ length: 25 }, (_, i) => ({ role: 'row', ref: `e${100 + i}`, children: [
    { role: 'cell', name: `KH-${18000 + i}` },
    i === 17 ? { role: 'cell', children: [{ role: 'textbox', ref: 'e300', text: '3780', active: true }] } : { role: 'cell', name: String(1000 + i) },
  ] }));
  const text = view([{ role: 'table', ref: 'e29', children: [{ role: 'row', children: [{ role: 'columnheader', name: 'Accession' }, { role: 'columnheader', name: 'Seed count' }] }, ...rows] }]);
  assert.match(text, /^e29 table \(25 rows, 11 shown\):$/m, text);
  assert.match(text, /^ KH-18007 \| 1007\n … 9 more rows \(9-17\) not shown\n KH-18017 \| \[e300 textbox = 3780\]\n … 5 more rows \(19-23\) not shown\n KH-18023 \| 1023$/m, text);
});

test('a control inside one of the same role and name (a drop zone around its own button) is one line, the outer one: clicking the inner one lands on the outer', () => {
  const text = view([
    { role: 'button', name: 'Drag and drop a CSV here or click to upload', ref: 'e25', children: [
      { role: 'button', name: 'Drag and drop a CSV here or click to upload', ref: 'e26' },
    ] },
    { role: 'button', name: 'Menu', ref: 'e30', children: [{ role: 'button', name: 'Close', ref: 'e31' }] },
  ]);
  assert.match(text, /^e25 button Drag and drop a CSV here or click to upload\ne30 button Menu\n e31 button Close$/m, text);
});

test('a chart that labels its marks for assistive tech (Vega) shows the labels: the figures are in them; one with no labels and no controls is left out', () => {
  const bar = (year: number, lifts: number, ref: number): AriaNode => ({ role: 'generic', name: `Year: ${year}; Lifts: ${lifts}; equipment: Travel-lift 35t`, ref: `e${ref}` });
  const text = view([
    { role: 'generic', name: 'Vega visualization', ref: 'e30', children: [{ role: 'img', ref: 'e31', children: [{ role: 'generic', ref: 'e36', children: [
      { role: 'generic', name: 'X-axis titled \'Year\' for a discrete scale with 2 values: 2025, 2026', ref: 'e40', children: [{ role: 'generic', children: [{ role: 'generic', text: '2025' }, { role: 'generic', text: '2026' }] }] },
      { role: 'generic', ref: 'e46', children: [bar(2025, 244, 54), bar(2026, 266, 62)] },
    ] }] }] },
    { role: 'img', ref: 'e90', children: [{ role: 'generic', text: 'decoration' }] },
  ]);
  assert.match(text, /^Vega visualization\nimg:\n X-axis titled 'Year' for a discrete scale with 2 values: 2025, 2026\n Year: 2025; Lifts: 244; equipment: Travel-lift 35t\n Year: 2026; Lifts: 266; equipment: Travel-lift 35t$/m, text);
  assert.doesNotMatch(text, /decoration/, text);
});

test('a row of cells drawn without roles (Frappe DataTable: divs named by their titles) reads as one line, not a line per cell', () => {
  const cell = (name: string, ref: number): AriaNode => ({ role: 'generic', name, ref: `e${ref}` });
  const text = view([{ role: 'generic', ref: 'e173', children: [
    { role: 'generic', ref: 'e175', children: [cell('1', 177), cell('V-1001', 179), cell('Tideway', 181), cell('Sailing yacht', 183)] },
    { role: 'generic', ref: 'e185', children: [cell('2', 187), cell('V-1002', 189), cell('Wanderer', 191), cell('Sailing yacht', 193)] },
  ] }]);
  assert.match(text, /^1 \| V-1001 \| Tideway \| Sailing yacht\n2 \| V-1002 \| Wanderer \| Sailing yacht$/m, text);
});

// Site 18's trial: a grid of plain divs (TanStack Virtual's rows, no roles, cells as text) printed
// a line per cell, 105 lines for 7 rows, and the agent looked for rows that were not there. Rows of
// five or more text cells read as one line each; a short run of texts (a signed-in name) does not.
test('a row of plain text cells drawn without roles (five or more) reads as one line; three texts in a box stay lines', () => {
  const cell = (text: string, ref: number): AriaNode => ({ role: 'generic', ref: `e${ref}`, text });
  const text = view([{ role: 'generic', ref: 'e300', children: [
    { role: 'generic', ref: 'e301', children: [cell('CX-12448', 302), cell('Imogen', 303), cell('Marsh', 304), cell('Peak monthly', 305), cell('Ashford Mill', 306)] },
    { role: 'generic', ref: 'e307', children: [cell('CX-15868', 308), cell('Imogen', 309), cell('Marsh', 310), cell('Peak monthly', 311), cell('Ashworth Yard', 312)] },
    { role: 'generic', ref: 'e313', children: [cell('Signed in as', 314), cell('Jess Okafor', 315), cell('Operations manager', 316)] },
  ] }]);
  assert.match(text, /^CX-12448 \| Imogen \| Marsh \| Peak monthly \| Ashford Mill\nCX-15868 \| Imogen \| Marsh \| Peak monthly \| Ashworth Yard\nSigned in as\nJess Okafor\nOperations manager$/m, text);
});

// Site 32's trial: turbogrid draws plain div rows in two panes, a frozen one of three cells (row
// number, asset id, item) and a scrolling one whose status cell holds a pill and an edit mark.
// Neither read as rows: the view printed each cell on a line of its own, 16 rows as 130 lines.
test('a run of plain rows of three or four cells reads as rows, and a cell holding only text (a pill and a mark) is one cell; a lone three-text box stays lines', () => {
  const cell = (text: string, ref: number): AriaNode => ({ role: 'generic', ref: `e${ref}`, text });
  const frozen = (r: number, id: string, item: string): AriaNode => ({ role: 'generic', ref: `e${100 + 10 * r}`, children: [cell(String(r), 101 + 10 * r), cell(id, 102 + 10 * r), cell(item, 103 + 10 * r)] });
  const scrolling = (r: number, place: string): AriaNode => ({ role: 'generic', ref: `e${500 + 10 * r}`, children: [
    cell('Airway', 501 + 10 * r), cell(place, 502 + 10 * r),
    { role: 'generic', ref: `e${503 + 10 * r}`, children: [cell('In service', 504 + 10 * r), '✎'] },
    cell('Karl Storz', 505 + 10 * r), cell('C-MAC PM', 506 + 10 * r),
  ] });
  const text = view([
    { role: 'generic', ref: 'e90', children: [frozen(1, 'FW-49781', 'Video laryngoscope'), frozen(2, 'FW-44253', 'Drugs pouch A'), frozen(3, 'FW-49550', 'Satellite tracker')] },
    { role: 'generic', ref: 'e490', children: [scrolling(1, 'Response car RC2'), scrolling(2, 'G-FWNC'), scrolling(3, 'Harrowby base')] },
    { role: 'generic', ref: 'e900', children: [{ role: 'generic', ref: 'e901', children: [cell('Signed in as', 902), cell('Ops office', 903), cell('Duty manager', 904)] }] },
  ]);
  assert.match(text, /^1 \| FW-49781 \| Video laryngoscope\n2 \| FW-44253 \| Drugs pouch A\n3 \| FW-49550 \| Satellite tracker$/m, text);
  assert.match(text, /^Airway \| Response car RC2 \| In service ✎ \| Karl Storz \| C-MAC PM$/m, text);
  assert.match(text, /^Signed in as\nOps office\nDuty manager$/m, text);
});

// An empty cell is in no tree: a row of plain cells with one empty read its later cells a column
// early (`CX-2 | Imogen | Peak`, Peak under the surname). Where the page says a row with these
// texts has empty cells, they are put back; where two layouts fit, the texts stay as they are.
test('a row of plain cells with an empty one the page reports keeps its columns; four texts and a gap make a row too; two layouts that fit change nothing', () => {
  const cell = (text: string, ref: number): AriaNode => ({ role: 'generic', ref: `e${ref}`, text });
  const rows = (texts: string[][]): AriaNode[] => [{ role: 'generic', ref: 'e1', children: texts.map((row, r) => ({ role: 'generic', ref: `e${10 * r + 10}`, children: row.map((t, i) => cell(t, 10 * r + 11 + i)) })) }];
  const tree = rows([['CX-2', 'Imogen', 'Peak', 'Ashford', 'Yes'], ['CX-3', 'Imogen', 'Marsh', 'Ashford']]);
  const gappedRows = [['cx2', 'imogen', '', 'peak', 'ashford', 'yes'], ['cx3', 'imogen', 'marsh', '', 'ashford', '']];
  const facts = { tables: [], titles: new Map(), gappedRows };
  const text = renderCapped(compactView(tree, { ...PAGE, facts }));
  assert.match(text, /^CX-2 \| Imogen \|  \| Peak \| Ashford \| Yes\nCX-3 \| Imogen \| Marsh \|  \| Ashford \| $/m, text);
  const twoWays = renderCapped(compactView(tree, { ...PAGE, facts: { ...facts, gappedRows: [...gappedRows, ['cx2', 'imogen', 'peak', '', 'ashford', 'yes']] } }));
  assert.match(twoWays, /^CX-2 \| Imogen \| Peak \| Ashford \| Yes$/m, twoWays);
});

// Site 20's canvas grid (VTable) keeps an unnamed editor field at zero size: the line said
// "open it first: " and named nothing. With nothing named, it says only what is there.
test('a part not drawn that holds only an unnamed control says so, with nothing to open', () => {
  const text = view([{ role: 'region', name: 'Vessel register grid', ref: 'e60', children: [
    { role: 'generic', children: [{ role: 'textbox' }] },
  ] }]);
  assert.match(text, /^ \(not drawn: 1 control with no name, at zero size or taking no clicks\)$/m, text);
  assert.doesNotMatch(text, /open it first/, text);
});

// Site 20's trial: AG Charts keeps an empty `status` and its tooltip aria-hidden; the view printed
// `status` over the tooltip's lines and getByRole('status') found nothing. PrimeNG names its month
// button `Choose Month` and shows `April`: the agent could not tell which month was open.
test('an aria-hidden live region says getByRole skips it; a button named otherwise says the text it shows, but not a symbol, an icon ligature or text its name holds', () => {
  const text = view([
    { role: 'img', name: 'Fuel sales', ref: 'e1', children: [{ role: 'switch', name: 'Petrol 2025', ref: 'e10' }, { role: 'status', ariaHidden: true }, { role: 'generic', ariaHidden: true, children: ['Aug', 'Petrol 2025'] }] },
    { role: 'button', name: 'Choose Month', ref: 'e2', text: 'April' },
    { role: 'button', name: 'Choose Year', ref: 'e3', text: '2026' },
    { role: 'button', name: 'Close', ref: 'e4', text: '×' },
    { role: 'button', name: 'More actions', ref: 'e5', text: 'more_vert' },
    { role: 'button', name: 'Save notice', ref: 'e6', text: 'Save' },
  ]);
  assert.match(text, /^ status \[aria-hidden: getByRole skips it and what it holds\]$/m, text);
  assert.match(text, /^e2 button Choose Month \(shows April\)$/m, text);
  assert.match(text, /^e3 button Choose Year \(shows 2026\)$/m, text);
  assert.match(text, /^e4 button Close\ne5 button More actions\ne6 button Save notice$/m, text);
});

// Site 12's trial: nice-select2 keeps its list inside the control, at opacity 0 without pointer
// events when closed. The control's name read the list's items open or closed, so after
// picking, nothing said the list was still open over the submit button. In an ai-mode tree only
// drawn elements have refs: the closed list's part is said apart, and an open one reads as before.
test('a control\'s parts that are not drawn (its closed list) are said apart from its name; drawn, they are its content', () => {
  const select = (open: boolean): AriaNode[] => [
    { role: 'heading', level: 1, name: 'Book', ref: 'e1' },
    { role: 'generic', ref: 'e49', cursor: 'pointer', children: [
      { role: 'generic', ref: 'e50', text: '2 selected' },
      { role: 'generic', ...(open ? { ref: 'e51' } : {}), children: [
        { role: 'textbox', name: 'search', ...(open ? { ref: 'e52' } : {}) },
        { role: 'list', ...(open ? { ref: 'e53' } : {}), children: ['Music stands', 'Recording kit'].map((text, i) => ({ role: 'listitem', text, ...(open ? { ref: `e6${i}` } : {}) })) },
      ] },
    ] },
    { role: 'button', name: 'Request booking', ref: 'e70' },
  ];
  const closed = renderCapped(compactView(select(false), PAGE));
  assert.match(closed, /^e49 clickable 2 selected \[not drawn inside it: search Music stands Recording kit\]$/m, closed);
  assert.doesNotMatch(closed, /^ *textbox search/m, closed);
  const open = renderCapped(compactView(select(true), PAGE));
  assert.match(open, /^e49 clickable 2 selected search Music stands Recording kit \[text of 4 elements\]$/m, open);
  assert.match(open, /^ e52 textbox search$/m, open);
});

// Site 29's trial: Fluent UI's and Shoelace's selects keep their options in the page, slotted into a
// popup hidden while closed. Playwright's ai-mode snapshot keeps them as generic text without refs:
// a closed select printed as `combobox Time = Choose a time, 09:00, 10:00, …`, and a combobox's 132
// members as 132 lines of plain text after it. The agent looked for an <option>.
test("a web component's closed list is said as its options, not as its value or as text of the page", () => {
  const inside = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Book', ref: 'e1' },
    { role: 'combobox', name: 'Time', ref: 'e38', children: [
      { role: 'generic', ref: 'e39', cursor: 'pointer', text: 'Choose a time' },
      ...['Choose a time', '09:00', '10:00', '11:00'].map(text => ({ role: 'generic', text })),
    ] },
  ], PAGE));
  assert.match(inside, /^e38 combobox Time = Choose a time; options, not drawn until it opens: 09:00, 10:00, 11:00$/m, inside);
  const members = Array.from({ length: 14 }, (_, i) => `Member ${String.fromCharCode(65 + i)} (Ferry Lane)`);
  const after = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Book', ref: 'e1' },
    { role: 'generic', name: 'Member', ref: 'e23', children: [
      { role: 'combobox', name: "Type a member's name", ref: 'e26' },
      ...members.map(text => ({ role: 'generic', text })),
    ] },
    { role: 'generic', ref: 'e9', children: [
      { role: 'generic', ref: 'e10', cursor: 'pointer', children: [{ role: 'combobox', name: 'Room', ref: 'e11', text: 'Small' }] },
      { role: 'generic', children: ['Small', 'Large'].map(text => ({ role: 'generic', text })) },
    ] },
    { role: 'button', name: 'Book the room', ref: 'e51' },
  ], PAGE));
  assert.match(after, /^e26 combobox Type a member's name\n\(options of the combobox above, not drawn until it opens: Member A \(Ferry Lane\), Member B \(Ferry Lane\), .*Member J \(Ferry Lane\), … \(4 more\)\)$/m, after);
  assert.doesNotMatch(after, /^Member K/m, after);
  assert.match(after, /^ e11 combobox Room = Small\n\(options of the combobox above, not drawn until it opens: Small, Large\)\ne51 button Book the room$/m, after);
  // Text without refs that follows no combobox is the page's own (a tree without refs says nothing of what is drawn).
  const plain = renderCapped(compactView([{ role: 'heading', level: 1, name: 'Book', ref: 'e1' }, { role: 'generic', text: 'Opening hours' }, { role: 'generic', text: 'Weekdays' }], PAGE));
  assert.match(plain, /^Opening hours\nWeekdays$/m, plain);
});

// Site 37: bulma-calendar keeps a booked day as a button with pointer-events: none. It had no ref
// and read as a day like the others (playwright-cli's agent took a screenshot to be sure).
test('a button with no ref where refs say what is drawn is marked as taking no clicks; a disabled one says disabled only', () => {
  const view = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Book a press', ref: 'e1' },
    { role: 'button', name: '6', ref: 'e143' }, { role: 'button', name: '7' }, { role: 'button', name: '8', disabled: true },
  ], PAGE));
  assert.match(view, /^e143 button 6\nbutton 7 \[takes no clicks\]\nbutton 8 \[disabled\]$/m, view);
  // Five or more of them in a row are one line, as look-alikes with refs are.
  const month = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Book a press', ref: 'e1' },
    ...Array.from({ length: 6 }, (_, i) => ({ role: 'button', name: String(i + 1) })), { role: 'button', name: '7', ref: 'e140' },
  ], PAGE));
  assert.match(month, /^button ×6: \{1\.\.6\} \[takes no clicks\]\ne140 button 7$/m, month);
  // A tree without refs (a test's, a default-mode one) says nothing of what is drawn.
  const plain = renderCapped(compactView([{ role: 'heading', level: 1, name: 'Book a press' }, { role: 'button', name: '7' }], PAGE));
  assert.doesNotMatch(plain, /takes no clicks/, plain);
});

// Site 38: Wijmo's FlexGrid ends its header row with an empty filler cell. The row was read as data,
// the grid had no columns line, and its declared 19 columns went unsaid.
test('a header row ending in an empty filler cell is the grid\'s columns, the filler no column', () => {
  const view = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Volunteer roster', ref: 'e1' },
    { role: 'grid', ref: 'e31', children: [
      { role: 'row', children: [...['ID', 'First name', 'Status'].map((name, i) => ({ role: 'columnheader', name, ref: `e3${i + 3}` })), { role: 'gridcell', ref: 'e41' }] },
      { role: 'row', children: [...['V-1000', 'Priya', 'On leave'].map((name, i) => ({ role: 'gridcell', name, ref: `e4${i + 4}` })), { role: 'gridcell', ref: 'e54' }] },
    ] },
  ], PAGE));
  assert.match(view, /^e31 grid \(1 rows\):\n columns: ID \| First name \| Status\n V-1000 \| Priya \| On leave$/m, view);
});

// Site 37: Bokeh's tooltip takes no clicks (no refs) and was drawn after a form holding two
// selects, a field and a button: the view called it the closed options of the combobox above.
test('text with no refs after a form that holds a combobox among other fields (a tooltip) is text of the page, not its options', () => {
  const view = renderCapped(compactView([
    { role: 'heading', level: 1, name: 'Weekly yields', ref: 'e1' },
    { role: 'generic', ref: 'e70', children: [
      { role: 'combobox', name: 'Block', ref: 'e74' }, { role: 'combobox', name: 'Week', ref: 'e77' },
      { role: 'textbox', name: 'Kilograms', ref: 'e80' }, { role: 'button', name: 'Log spot check', ref: 'e81' },
    ] },
    { role: 'generic', children: ['Block:', 'Block C South', 'Week:', '40'].map(text => ({ role: 'generic', text })) },
  ], PAGE));
  assert.doesNotMatch(view, /options of the combobox above/, view);
  assert.match(view, /^Block: Block C South Week: 40$|^Block:\nBlock C South\nWeek:\n40$/m, view);
});

test('a listbox is never named by its options, nested or not: they follow it', () => {
  const text = view([{ role: 'listbox', ref: 'e52', children: [{ role: 'generic', children: [
    { role: 'option', name: 'Ida Marsh (Ferry Lane)', ref: 'e53', selected: true },
    { role: 'option', name: 'Ida Marsham (Ferry Lane)', ref: 'e55' },
  ] }] } as AriaNode]);
  assert.match(text, /^e52 listbox\n e53 option Ida Marsh \(Ferry Lane\)( \[selected\])?\n e55 option Ida Marsham/m, text);
});

// Site 30's trial: Zag's date picker marks a day that cannot be picked on its cell and on its
// button. The cell's state was said again after the button's, so the calendar was no grid of
// controls but rows of text, each cut at 300 characters: Friday to Sunday of each week were lost.
test('a calendar whose cells and buttons both say a day is disabled is one run of its days, not rows cut short', () => {
  let ref = 50;
  const rows: AriaNode[] = [0, 1, 2].map(w => ({ role: 'row', children: Array.from({ length: 7 }, (_, d): AriaNode => {
    const day = 10 + w * 7 + d;
    const off = d >= 5 || day < 19;
    const name = `${off ? 'Not available. ' : 'Choose '}${day} March 2025`;
    return { role: 'gridcell', ref: `e${ref++}`, ...(off ? { disabled: true } : {}), children: [{ role: 'button', name, ref: `e${ref++}`, text: String(day), ...(off ? { disabled: true } : {}) }] };
  }) }));
  const text = view([{ role: 'heading', level: 1, name: 'Book', ref: 'e1' }, { role: 'grid', ref: 'e45', children: [
    { role: 'row', children: ['M', 'T', 'W', 'T', 'F', 'S', 'S'].map(n => ({ role: 'columnheader', name: n })) }, ...rows,
  ] }]);
  assert.doesNotMatch(text, /\[disabled\]\] \[disabled\]/, text);
  assert.doesNotMatch(text, /…$/m, text);
  assert.match(text, /^ e51\.\.e91 button ×21: \{Not available\. 10\|.*\} March 2025 \[disabled\]; not \[disabled\] Choose 19, Choose 20, Choose 21, Choose 24, /m, text);
});

// Site 30's trial: Lumino's DataGrid draws its cells on a canvas and opens its cell editor (a native
// <select>) over it, inside the grid's element. The view printed the grid's rows (none) and
// nothing else, so after a double-click observe({ since: 'last' }) said nothing changed.
test("a grid's controls outside its rows and cells (a canvas grid's cell editor) are shown under it", () => {
  const text = view([{ role: 'heading', level: 1, name: 'Catalogue', ref: 'e1' }, { role: 'grid', name: 'Orchestral sets', ref: 'e37', children: [
    { role: 'generic', ref: 'e38', children: [{ role: 'combobox', ref: 'e60', children: ['On shelf', 'At bindery'].map((name, i) => ({ role: 'option', name, ...(i === 0 ? { selected: true } : {}) })) }] },
  ] }]);
  assert.match(text, /^e37 grid Orchestral sets.*:\n e60 combobox = On shelf; options: At bindery$/m, text);
  // Lumino's editor in a layer that takes no pointer events has no ref, but it has the focus.
  const focused = view([{ role: 'heading', level: 1, name: 'Catalogue', ref: 'e1' }, { role: 'grid', name: 'Orchestral sets', ref: 'e37', children: [
    { role: 'generic', ref: 'e38', children: [{ role: 'generic', children: [{ role: 'textbox', active: true, text: 'Spine' }, { role: 'button', name: 'Hidden' }] }] },
  ] }]);
  assert.match(focused, /^e37 grid Orchestral sets.*:\n textbox = Spine/m, focused);
  const select = view([{ role: 'heading', level: 1, name: 'Catalogue', ref: 'e1' }, { role: 'grid', name: 'Orchestral sets', ref: 'e37', children: [
    { role: 'generic', ref: 'e38', children: [{ role: 'combobox', active: true, children: ['On shelf', 'At bindery'].map((name, i) => ({ role: 'option', name, ...(i === 0 ? { selected: true } : {}) })) }] },
  ] }]);
  assert.match(select, /^e37 grid Orchestral sets.*:\n combobox = On shelf; options: At bindery/m, select);
  assert.doesNotMatch(focused, /Hidden/, focused);
});

// Site 36: Dijit's Select is a table with role listbox holding one option, the chosen one, and an
// arrow. In a grid's cell the row printed `[e20 listbox]`: the hive's status was nowhere.
test('a listbox holding one chosen option (a closed Dijit Select) shows it as its value, in a row and alone', () => {
  const select = { role: 'listbox', ref: 'e20', active: true, children: [{ role: 'option', name: 'Active', selected: true, ref: 'e21' }, { role: 'textbox', ref: 'e22', text: '▼' }] };
  const text = view([{ role: 'heading', level: 1, name: 'Hive register', ref: 'e1' }, { role: 'grid', ref: 'e38', children: [
    { role: 'row', ref: 'e40', children: [{ role: 'columnheader', name: 'Hive' }, { role: 'columnheader', name: 'Status' }] },
    { role: 'row', ref: 'e41', children: [{ role: 'gridcell', name: 'KV-0003' }, { role: 'gridcell', ref: 'e19', children: [select] }] },
  ] }]);
  assert.match(text, /^ KV-0003 \| \[e20 listbox = Active\]$/m, text);
  // An open listbox of several options keeps them as its controls, each with its ref.
  const open = view([{ role: 'heading', level: 1, name: 'Status', ref: 'e1' }, { role: 'listbox', ref: 'e30', children: ['Active', 'Queenless'].map((name, i) => ({ role: 'option', name, ref: `e3${i + 1}`, ...(i === 0 ? { selected: true } : {}) })) }]);
  assert.match(open, /^ e32 option Queenless$/m, open);
});

// Site 36: dgrid keeps its pager inside the grid's element: a status text and page links drawn
// as plain spans. The view printed the grid's rows and its page-size select, and dropped the
// status ("1 - 20 of 260 results") and the links, so nothing said the grid has 13 pages.
test("a grid's texts outside its rows (a pager's status and its plain links) are shown under it", () => {
  const text = view([{ role: 'heading', level: 1, name: 'Hive register', ref: 'e1' }, { role: 'grid', ref: 'e38', children: [
    { role: 'row', ref: 'e40', children: [{ role: 'columnheader', name: 'Hive' }, { role: 'columnheader', name: 'Apiary' }] },
    { role: 'row', ref: 'e41', children: [{ role: 'gridcell', name: 'KV-0001' }, { role: 'gridcell', name: 'Hollins Lane' }] },
    { role: 'generic', ref: 'e482', children: [{ role: 'generic', children: [
      { role: 'generic', ref: 'e483', text: '1 - 20 of 260 results' },
      { role: 'combobox', name: 'Number of rows per page', ref: 'e484', children: ['20', '50'].map((name, i) => ({ role: 'option', name, ...(i === 0 ? { selected: true } : {}) })) },
      { role: 'generic', ref: 'e485', children: ['«‹', { role: 'generic', ref: 'e486', text: '1 2 3 ...13' }, '›»'] },
    ] }] },
  ] }]);
  assert.match(text, /^e38 grid \(1 rows\):\n columns: Hive \| Apiary\n KV-0001 \| Hollins Lane\n 1 - 20 of 260 results\n e484 combobox Number of rows per page = 20; options: 50\n.*1 2 3 \.\.\.13/m, text);
});
