// Issue 42, "show me once": a person does a flow in the live view and tabwright writes it as a
// playbook the agent replays without the model. A program asks for a recording hand-over; a
// stand-in person (a second Playwright driving the view, as test/handoff.test.ts does) signs in,
// fills a form with a select, a date, an amount and an upload, and submits; removes a step they
// did not mean and renames a parameter; confirms the final check the page proposes and saves.
// The draft is a playbook as `playbook save` reads it, with role and label locators and the
// password as a secret parameter; it replays on a fresh task with other values, passes its final
// check and becomes verified; and the person's password is in no file under the runtime's home.
// Then the same on a real widget library's search-as-you-type picker (Tom Select), whose
// recorded locator is a role and a name; "Record a playbook" started from the view; and a page
// whose own scripts try to record steps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { PROGRAM_WAIT_S, TabwrightHome, hasBrowser, testTimeout, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { SEEN, clickPicture, launchViewerBrowser, personOpens, waitingForPerson } from './harness/viewer.js';
import { assignPage, WidgetPages } from './harness/widgetPages.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
/** A ceiling for what must show up, never a speed requirement: other suites may hold both cores. */
const ALICE_PASSWORD = 'alice-Pa55word-7361';
const BOB_PASSWORD = 'bob-S3cret-0042';
const RECEIPT_TEXT = 'Taxi from the airport: 42.50 EUR\n';
const TAXI_TEXT = 'Lunch with a client: 18.75 EUR\n';

let home: TabwrightHome;
let server: FixtureServer;
let widgets: WidgetPages;
let viewer: Browser;
let scratch: string;
const signins: { user: string; ok: boolean }[] = [];
/** Where the picker page's parts are on its screen now (fractions), as the page itself reports it. */
let pickerLayout: { control?: [number, number]; save?: [number, number]; options: Record<string, [number, number]> } = { options: {} };
/**
 * The Tom Select page, with a script that tells the fixture server where its parts are: the
 * stand-in person clicks what a person would see there (the option that the search brought).
 */
const LAYOUT_SCRIPT = `<script>
const report = () => {
  const at = el => { const r = el && el.getBoundingClientRect(); return r && r.width ? [(r.left + r.width / 2) / innerWidth, (r.top + r.height / 2) / innerHeight] : undefined; };
  const layout = { control: at(document.querySelector('.ts-control')), save: at(document.getElementById('save')), options: {} };
  for (const option of document.querySelectorAll('.ts-dropdown .option')) if (at(option)) layout.options[option.textContent.trim()] = at(option);
  const text = JSON.stringify(layout);
  if (text !== report.sent) navigator.sendBeacon('/api/layout', report.sent = text);
};
new MutationObserver(report).observe(document.body, { subtree: true, childList: true, attributes: true });
report();
</script>`;
const expenses: Record<string, unknown>[] = [];

const ACCOUNTS: Record<string, string> = { alice: ALICE_PASSWORD, bob: BOB_PASSWORD };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

// Each control sits at a fixed place in the viewport (fractions of it): the person clicks the
// picture there, as a person clicks what they see.
const place = ([x, y]: readonly [number, number]) => `left:${x * 100}%;top:${y * 100}%`;
const FIELD = 'position:fixed;transform:translate(-50%,-50%);width:24%;height:7%;box-sizing:border-box;font-size:16px';
const SIGNIN_AT = { user: [0.25, 0.2], pass: [0.25, 0.35], submit: [0.25, 0.5] } as const;
const SIGNIN_PAGE = `<!doctype html><title>Sign in</title><style>html,body{margin:0;height:100%;font:16px sans-serif}</style>
<h1 style="margin:0;padding:4px">Sign in to Expenses</h1>
<form method="post" action="/signin">
  <input name="user" aria-label="User" autocomplete="off" style="${FIELD};${place(SIGNIN_AT.user)}">
  <input name="pass" type="password" aria-label="Password" style="${FIELD};${place(SIGNIN_AT.pass)}">
  <button style="${FIELD};${place(SIGNIN_AT.submit)}">Sign in</button>
</form>`;
// The date field (13% to 37% across) is clicked just inside its left edge, where its month is typed at any window width.
const EXPENSE_AT = { tips: [0.75, 0.12], category: [0.25, 0.15], date: [0.14, 0.3], amount: [0.25, 0.45], receipt: [0.15, 0.6], submit: [0.25, 0.75] } as const;
function expensePage(user: string): string {
  return `<!doctype html><title>New expense</title><style>html,body{margin:0;height:100%;font:16px sans-serif} label{position:fixed;font-size:12px}</style>
<h1 style="margin:0;padding:4px">New expense for ${escapeHtml(user)}</h1>
<button id="tips" style="${FIELD};${place(EXPENSE_AT.tips)}" onclick="tip.hidden = !tip.hidden">Show tips</button>
<p id="tip" hidden style="position:fixed;left:60%;top:20%">Keep your receipts.</p>
<label for="category" style="left:1%;top:15%">Category</label>
<select id="category" style="${FIELD};${place([0.25, 0.15])}"><option>Meals</option><option>Travel</option><option>Office</option></select>
<label for="date" style="left:1%;top:30%">Date</label>
<input id="date" type="date" style="${FIELD};${place([0.25, 0.3])}">
<label for="amount" style="left:1%;top:45%">Amount</label>
<input id="amount" type="number" step="0.01" style="${FIELD};${place(EXPENSE_AT.amount)}">
<label for="receipt" style="left:1%;top:60%">Receipt</label>
<input id="receipt" type="file" style="${FIELD};${place([0.25, 0.6])}">
<button id="file" style="${FIELD};${place(EXPENSE_AT.submit)}">File expense</button>
<p role="status" id="filed" style="position:fixed;left:55%;top:50%;width:40%"></p>
<script>
document.getElementById('file').onclick = async () => {
  const file = receipt.files[0];
  const body = { user: ${JSON.stringify(user)}, category: category.value, date: date.value, amount: amount.value, file: file ? file.name : null, content: file ? await file.text() : null };
  const r = await fetch('/api/expenses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  document.getElementById('filed').textContent = r.ok ? 'Expense filed for ' + body.user + ': ' + body.category + ' on ' + body.date + ', ' + body.amount + ' EUR, ' + body.file : 'Refused: ' + await r.text();
};
</script>`;
}

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-show-me-once-' });
  server = await FixtureServer.start();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-show-me-once-files-'));
  server.route('/signin', (req, res, body) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGNIN_PAGE);
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    const ok = ACCOUNTS[fields.user ?? ''] === fields.pass;
    signins.push({ user: fields.user ?? '', ok });
    if (!ok) res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>No</title><h1>Wrong user or password</h1>');
    else res.writeHead(303, { location: `/expenses?user=${encodeURIComponent(fields.user!)}` }).end();
  });
  server.route('/expenses', (req, res) => {
    const user = new URL(req.url ?? '/', server.origin).searchParams.get('user') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(expensePage(user));
  });
  server.route('/api/expenses', (_req, res, body) => {
    expenses.push(JSON.parse(body) as Record<string, unknown>);
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
  widgets = new WidgetPages(server);
  server.page('/assign-shown', assignPage(LAYOUT_SCRIPT));
  server.route('/api/layout', (_req, res, body) => {
    pickerLayout = JSON.parse(body);
    res.writeHead(204).end();
  });
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await home?.dispose().catch(error => process.stderr.write(`show-me-once test cleanup: ${error}\n`));
  await server?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Submits without waiting (exit 3, registered), as an agent does when it expects to come back. */
async function submit(task: string, requestId: string, program: string): Promise<void> {
  const r = await home.run(['run', '--task', task, '--request-id', requestId, '--wait', '0'], { input: program });
  assert.equal(r.code, 3, explain(r, home));
}


async function finalReceipt(task: string, requestId: string): Promise<CliResult> {
  return home.run(['receipt', '--task', task, '--request-id', requestId, '--wait', String(PROGRAM_WAIT_S)]);
}

/** The recorded steps as the view lists them: each line's code, with its parameter's name in place. */
async function listedSteps(person: Page): Promise<string[]> {
  return person.locator('#recording-steps > li').evaluateAll(items => items.map(item => {
    const code = item.querySelector('code')!;
    return [...code.childNodes].map(node => node instanceof HTMLInputElement ? node.value : node.textContent).join('');
  }));
}

/** Every file under `dir` (the browser's profile, SQLite's databases and journals, logs, artifacts) holding `secret`, as UTF-8 or UTF-16. */
function filesHolding(dir: string, secret: string): string[] {
  const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        const bytes = fs.readFileSync(file);
        if (needles.some(needle => bytes.includes(needle))) found.push(path.relative(dir, file));
      }
    }
  };
  walk(dir);
  return found;
}

test('a person shows a flow once: signs in, fills a select, a date, an amount and an upload; the draft replays on a fresh task with other values and becomes verified; the password is in no file', { skip, timeout: testTimeout(14) }, async () => {
  const signinUrl = server.url('/signin');
  await submit('expenses', 'show-1', `await page.goto(${JSON.stringify(signinUrl)});
return await handoff({ reason: 'Show me how to file an expense', record: 'expenses.file' });`);
  const task = await waitingForPerson(home, 'expenses');
  assert.equal(task.handoff.record, 'expenses.file', 'tabwright tasks says the hand-over records');

  const person = await personOpens(home, viewer, { task: 'expenses' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  await expect(person.locator('#recording-title')).toHaveText('Recording playbook expenses.file', SEEN);
  await expect.poll(() => listedSteps(person), SEEN).toEqual([`await page.goto('${signinUrl}');`]);

  await clickPicture(person, SIGNIN_AT.user);
  await person.keyboard.type('alice');
  await clickPicture(person, SIGNIN_AT.pass);
  await person.keyboard.type(ALICE_PASSWORD);
  await clickPicture(person, SIGNIN_AT.submit);
  await expect(person.locator('#handoff-url')).toContainText('/expenses?user=alice', SEEN);
  assert.deepEqual(signins, [{ user: 'alice', ok: true }]);

  // A step the person did not mean: shown, then removed.
  await clickPicture(person, EXPENSE_AT.tips);
  // A select, by its keys as a person does once its list is open.
  await clickPicture(person, EXPENSE_AT.category);
  await person.keyboard.press('ArrowDown');
  await person.keyboard.press('Enter');
  await clickPicture(person, EXPENSE_AT.date);
  await person.keyboard.type('03142027');
  await clickPicture(person, EXPENSE_AT.amount);
  await person.keyboard.type('42.50');
  // The page asks for a file: the view offers the person's own file picker.
  await clickPicture(person, EXPENSE_AT.receipt);
  await expect(person.getByText('The page asks for a file:')).toBeVisible(SEEN);
  await person.getByLabel('The page asks for a file:').setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from(RECEIPT_TEXT) });
  await expect(person.locator('#handoff-status')).toHaveText('Gave the page receipt.txt.', SEEN);
  await clickPicture(person, EXPENSE_AT.submit);
  await expect.poll(() => expenses.length, SEEN).toBe(1);
  assert.deepEqual(expenses[0], { user: 'alice', category: 'Travel', date: '2027-03-14', amount: '42.50', file: 'receipt.txt', content: RECEIPT_TEXT });

  const locatorsWritten = [
    `await page.goto('${signinUrl}');`,
    "await page.getByRole('textbox', { name: 'User' }).fill(params.user);",
    "await page.getByRole('textbox', { name: 'Password' }).fill(params.password);",
    "await page.getByRole('button', { name: 'Sign in' }).click();",
    "await page.getByRole('button', { name: 'Show tips' }).click();",
    "await page.getByLabel('Category').selectOption(params.category);",
    "await page.getByRole('textbox', { name: 'Date' }).fill(params.date);",
    "await page.getByRole('spinbutton', { name: 'Amount' }).fill(String(params.amount));",
    "await page.getByRole('button', { name: 'Receipt' }).setInputFiles(params.receipt);",
    "await page.getByRole('button', { name: 'File expense' }).click();",
  ];
  await expect.poll(() => listedSteps(person), SEEN).toEqual(locatorsWritten);
  // The password's step says a secret was typed, never what.
  const passwordStep = person.locator('#recording-steps > li').nth(2);
  await expect(passwordStep).toContainText('a secret: its value stayed in the page');
  await expect(person.locator('#recording-steps > li').nth(1)).toContainText('you gave "alice"');

  // The person removes the step they did not mean, and names the date for what it is.
  await person.getByRole('button', { name: 'Remove step 5' }).click();
  await expect.poll(() => listedSteps(person), SEEN).toEqual(locatorsWritten.filter(line => !line.includes('Show tips')));
  const dateName = person.getByLabel('Parameter name of step 6');
  await dateName.fill('expenseDate');
  await dateName.press('Enter');
  await expect.poll(async () => (await listedSteps(person))[5], SEEN).toBe("await page.getByRole('textbox', { name: 'Date' }).fill(params.expenseDate);");
  if (process.env.TABWRIGHT_RECORDING_SCREENSHOT) {
    // docs/recording.png: the view with a recording in progress.
    const file = path.resolve(process.env.TABWRIGHT_RECORDING_SCREENSHOT);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await person.locator('#handoff-screen').blur();
    await person.screenshot({ path: file });
  }

  // Done: the page proposes what the flow ended on, with the person's values as parameters.
  await person.getByRole('button', { name: 'Done…' }).click();
  const check = person.getByLabel('Final check (what proves it worked; edit it if the page\'s proposal is not it)');
  await expect(check).toHaveValue(
    "await expect(page.getByRole('status')).toContainText(`Expense filed for ${params.user}: ${params.category} on ${params.expenseDate}, ${params.amount} EUR, ${params.receipt.split(/[\\\\/]/).pop()}`);", SEEN);
  await expect(person.getByLabel('What the playbook does')).toHaveValue('File an expense.');
  await person.getByRole('button', { name: 'Save playbook' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  await expect(person.locator('#notice')).toContainText('Saved playbook expenses.file version 1 (untried', SEEN);

  // The program and its receipt name the draft, its parameters and its status.
  const shown = await finalReceipt('expenses', 'show-1');
  assert.equal(shown.code, 0, explain(shown, home));
  const params = 'user: string (e.g. "alice"), password: secret, category: "Meals"|"Travel"|"Office" (e.g. "Travel"), expenseDate: string (e.g. "2027-03-14"), amount: number (e.g. 42.5), receipt: string (e.g. "/path/to/receipt.txt")';
  const draft = { name: 'expenses.file', version: 1, status: 'untried', params };
  assert.deepEqual(shown.json.result.playbook, draft);
  assert.equal(shown.json.result.ended, 'done');
  const [record] = shown.json.handoffs;
  assert.equal(record.record, 'expenses.file');
  assert.deepEqual(record.playbook, draft);
  assert.equal(record.inputKept, 'playbookExamples');

  const listed = await home.run(['playbook', 'list', '--site', signinUrl]);
  assert.equal(listed.code, 0, explain(listed, home));
  assert.deepEqual(listed.json.playbooks.map((p: any) => [p.name, p.status, p.params, p.description]), [['expenses.file', 'untried', params, 'File an expense.']]);
  const file = (await home.run(['playbook', 'show', 'expenses.file'])).json.playbook.source as string;
  assert.match(file, /^\/\*\*\n \* @playbook expenses\.file\n \* @site 127\.0\.0\.1\n \* @description File an expense\.\n/);
  assert.match(file, /\n \* @param \{secret\} password {2}Password: a password, typed by the person while recording and never stored; give it when you run the playbook\.\n/);
  assert.ok(!file.includes('Show tips'), file);
  assert.ok(!file.includes('locator('), `no CSS path: ${file}`);

  // A fresh task (its own empty profile) runs it with other values: bob, another category,
  // date, amount and file. The final check follows the values and passes: verified.
  const taxi = path.join(scratch, 'lunch.txt');
  fs.writeFileSync(taxi, TAXI_TEXT);
  const replay = await home.run(['playbook', 'run', 'expenses.file', '--task', 'replay', '--isolated', '--request-id', 'replay-1', '--wait', String(PROGRAM_WAIT_S),
    '--params', JSON.stringify({ user: 'bob', password: BOB_PASSWORD, category: 'Meals', expenseDate: '2027-04-01', amount: 18.75, receipt: taxi })]);
  assert.equal(replay.code, 0, explain(replay, home));
  assert.deepEqual(signins.at(-1), { user: 'bob', ok: true });
  assert.deepEqual(expenses.at(-1), { user: 'bob', category: 'Meals', date: '2027-04-01', amount: '18.75', file: 'lunch.txt', content: TAXI_TEXT });
  const verified = (await home.run(['playbook', 'list'])).json.playbooks.find((p: any) => p.name === 'expenses.file');
  assert.equal(verified.status, 'verified');
  assert.equal(verified.lastRun.requestId, 'replay-1');

  // The person's password is in no file under the runtime's home: not the draft, the receipts,
  // the log, the browser's profile; the replay's is not in the receipts either (a secret
  // parameter stays out of the stored program).
  await person.close();
  assert.deepEqual(filesHolding(home.home, ALICE_PASSWORD), []);
  assert.deepEqual(filesHolding(home.home, BOB_PASSWORD), []);
});

test('"Record a playbook" on a task\'s page in the view, on a search-as-you-type picker (Tom Select): the option is recorded by its role and name, and the draft replays verified', { skip, timeout: testTimeout(10) }, async () => {
  const pickerUrl = server.url('/assign-shown');
  // The agent's task has the page open; nothing asks for a person yet.
  const opened = await home.program('assign', 'open-1', `await page.goto(${JSON.stringify(pickerUrl)}); return 'ready';`);
  assert.equal(opened.code, 0, explain(opened, home));
  const pageId: number = opened.json.page ?? (await home.run(['pages', '--task', 'assign'])).json.pages[0].id;

  const person = await personOpens(home, viewer);
  await person.getByRole('button', { name: `Record a playbook on page ${pageId} of task assign` }).click();
  await expect(person.getByLabel('Playbook name (site.action)')).toHaveValue('127.0.0.1.flow');
  await person.getByLabel('Playbook name (site.action)').fill('widgets.assign');
  await person.getByLabel('What you will show').fill('Show me how to assign a ticket');
  await person.getByRole('button', { name: 'Start recording' }).click();
  // The task hands the page over (a one-line program of its own) and the view opens it.
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  await expect(person.locator('#recording-title')).toHaveText('Recording playbook widgets.assign', SEEN);
  await expect.poll(() => listedSteps(person), SEEN).toEqual([`await page.goto('${pickerUrl}');`]);
  const task = await waitingForPerson(home, 'assign');
  const requestId: string = task.handoff.requestId;
  assert.match(requestId, /^record-widgets\.assign-/);

  // The picker: click it, type a part of a name, wait for the server's answer to show, pick it.
  await expect.poll(() => pickerLayout.control, SEEN).toBeDefined();
  await clickPicture(person, pickerLayout.control!);
  await person.keyboard.type('Gra');
  // The list for the whole query (a slow machine searches 'G' and 'Gr' first, and the option moves as the list changes).
  await expect.poll(() => pickerLayout.options['Grace Hopper'] !== undefined && Object.keys(pickerLayout.options).every(name => /gra/i.test(name)), SEEN).toBe(true);
  await clickPicture(person, pickerLayout.options['Grace Hopper']!);
  // Chosen: the list closes. Only then the Assign button (what a person sees before they click it).
  await expect.poll(() => Object.keys(pickerLayout.options).length, SEEN).toBe(0);
  await clickPicture(person, pickerLayout.save!);
  await expect.poll(() => widgets.saved.assignee, SEEN).toBe('Grace Hopper');

  // Role and name, as an engineer would write them: never a CSS path into the widget.
  await expect.poll(() => listedSteps(person), SEEN).toEqual([
    `await page.goto('${pickerUrl}');`,
    "await page.getByRole('combobox', { name: 'Assignee' }).fill(params.assignee);",
    "await page.getByRole('option', { name: 'Grace Hopper' }).click();",
    "await page.getByRole('button', { name: 'Assign' }).click();",
  ]);
  await person.getByRole('button', { name: 'Done…' }).click();
  await expect(person.getByLabel('Final check (what proves it worked; edit it if the page\'s proposal is not it)'))
    .toHaveValue("await expect(page.getByRole('status')).toContainText('Assigned to Grace Hopper');", SEEN);
  await person.getByRole('button', { name: 'Save playbook' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);

  const recorded = await finalReceipt('assign', requestId);
  assert.equal(recorded.code, 0, explain(recorded, home));
  assert.deepEqual(recorded.json.result.playbook, { name: 'widgets.assign', version: 1, status: 'untried', params: 'assignee: string (e.g. "Gra")' });
  const file = (await home.run(['playbook', 'show', 'widgets.assign'])).json.playbook.source as string;
  assert.ok(file.includes("await page.getByRole('option', { name: 'Grace Hopper' }).click();"), file);
  assert.ok(!/locator\(|ts-control|\.option/.test(file), `no CSS path: ${file}`);

  widgets.saved.assignee = undefined;
  const replay = await home.run(['playbook', 'run', 'widgets.assign', '--task', 'assign-replay', '--isolated', '--request-id', 'replay-1', '--wait', String(PROGRAM_WAIT_S), '--params', JSON.stringify({ assignee: 'Grace' })]);
  assert.equal(replay.code, 0, explain(replay, home));
  assert.equal(widgets.saved.assignee, 'Grace Hopper');
  assert.equal((await home.run(['playbook', 'list', '--site', pickerUrl])).json.playbooks.find((p: any) => p.name === 'widgets.assign').status, 'verified');
  await person.close();
});

const HOSTILE_AT = { pin: [0.25, 0.3], go: [0.25, 0.5] } as const;
const HOSTILE_PIN = 'pin-8817-hostile';
/**
 * A page that tries to get steps of its own into a recording: it calls the recorder's binding,
 * clicks and types with its own events, and makes its password field say it is text.
 */
const HOSTILE_PAGE = `<!doctype html><title>Hostile</title><style>html,body{margin:0;height:100%;font:16px sans-serif}</style>
<h1 style="margin:0;padding:4px">Continue</h1>
<input id="pin" type="password" aria-label="PIN" style="${FIELD};${place(HOSTILE_AT.pin)}">
<button id="go" style="${FIELD};${place(HOSTILE_AT.go)}" onclick="done.textContent = 'Continued'">Continue</button>
<button id="wipe" style="position:fixed;left:70%;top:70%" onclick="fetch('/api/wipe', { method: 'POST' })">Delete everything</button>
<p role="status" id="done" style="position:fixed;left:60%;top:40%"></p>
<script>
const seen = { binding: typeof window.__tabwrightRecordStep, recorder: typeof window.__tabwrightRecorder };
navigator.sendBeacon('/api/hostile', JSON.stringify(seen));
// The field says it is text, to a script of this page's own.
Object.defineProperty(HTMLInputElement.prototype, 'type', { get() { return 'text'; } });
setInterval(() => {
  try { window.__tabwrightRecordStep('{"kind":"click","count":1,"target":{"locator":"getByRole(\\'button\\', { name: \\'Delete everything\\' })","label":"x","url":"http://127.0.0.1/"}}'); } catch {}
  document.getElementById('wipe').click();
  const field = document.getElementById('pin');
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
  document.getElementById('wipe').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
}, 50);
</script>`;

test('a page\'s own scripts cannot record a step or read the recorder; its password field stays a secret whatever it says; "Cannot do this" saves nothing', { skip, timeout: testTimeout(6) }, async () => {
  const seen: Record<string, string>[] = [];
  server.page('/hostile', HOSTILE_PAGE);
  server.route('/api/hostile', (_req, res, body) => { seen.push(JSON.parse(body)); res.writeHead(204).end(); });
  server.route('/api/wipe', (_req, res) => { res.writeHead(204).end(); });
  const hostileUrl = server.url('/hostile');
  await submit('hostile', 'show-1', `await page.goto(${JSON.stringify(hostileUrl)});
return await handoff({ reason: 'Show me how to continue', record: 'hostile.continue' });`);
  await waitingForPerson(home, 'hostile');
  const person = await personOpens(home, viewer, { task: 'hostile' });
  await expect(person.locator('#recording-title')).toHaveText('Recording playbook hostile.continue', SEEN);
  await clickPicture(person, HOSTILE_AT.pin);
  await person.keyboard.type(HOSTILE_PIN);
  await clickPicture(person, HOSTILE_AT.go);
  await expect.poll(() => listedSteps(person), SEEN).toEqual([
    `await page.goto('${hostileUrl}');`,
    "await page.getByRole('textbox', { name: 'PIN' }).fill(params.pin);",
    "await page.getByRole('button', { name: 'Continue' }).click();",
  ]);
  // Its own clicks and inputs went on all the while (every 50 ms): none of them is a step.
  const wipes = server.requests.filter(r => r === 'POST /api/wipe').length;
  await expect.poll(() => server.requests.filter(r => r === 'POST /api/wipe').length, SEEN).toBeGreaterThan(wipes + 5);
  assert.equal((await listedSteps(person)).length, 3);
  await expect(person.locator('#recording-steps > li').nth(1)).toContainText('a secret: its value stayed in the page');
  assert.deepEqual(seen, [{ binding: 'undefined', recorder: 'undefined' }]);

  await person.getByRole('button', { name: 'Cannot do this…' }).click();
  await person.getByLabel('What stopped you? The program is told.').fill('Not today');
  await person.getByRole('button', { name: 'Tell the program' }).click();
  const declined = await finalReceipt('hostile', 'show-1');
  assert.equal(declined.code, 1, explain(declined, home));
  assert.equal(declined.json.error.name, 'HandoffDeclined');
  assert.equal(declined.json.handoffs[0].record, 'hostile.continue');
  assert.equal(declined.json.handoffs[0].playbook, undefined);
  assert.equal((await home.run(['playbook', 'show', 'hostile.continue'])).json.error.name, 'UnknownPlaybook');
  await person.close();
  assert.deepEqual(filesHolding(home.home, HOSTILE_PIN), []);
});

const DIALOG_AT = { remove: [0.25, 0.2], rename: [0.25, 0.4] } as const;
const DIALOG_PAGE = `<!doctype html><title>Draft</title><style>html,body{margin:0;height:100%;font:16px sans-serif}</style>
<h1 style="margin:0;padding:4px">Draft expense</h1>
<button id="remove" style="${FIELD};${place(DIALOG_AT.remove)}">Delete draft</button>
<button id="rename" style="${FIELD};${place(DIALOG_AT.rename)}">Rename</button>
<p role="status" id="said" style="position:fixed;left:60%;top:30%"></p>
<script>
const said = document.getElementById('said');
document.getElementById('remove').onclick = () => { said.textContent = confirm('Delete the draft expense?') ? 'Deleted' : 'Kept'; };
document.getElementById('rename').onclick = () => { const name = prompt('New name?', 'draft'); said.textContent = name === null ? 'Not renamed' : 'Renamed to ' + name; };
</script>`;

test('the dialogs a person answers in the view (a confirm, a prompt) are recorded as handlers before the steps that open them, the prompt\'s text a parameter', { skip, timeout: testTimeout(6) }, async () => {
  server.page('/draft', DIALOG_PAGE);
  const draftUrl = server.url('/draft');
  await submit('dialogs', 'show-1', `await page.goto(${JSON.stringify(draftUrl)});
return await handoff({ reason: 'Show me how to delete and rename a draft', record: 'drafts.rename' });`);
  await waitingForPerson(home, 'dialogs');
  const person = await personOpens(home, viewer, { task: 'dialogs' });
  await expect(person.locator('#recording-title')).toHaveText('Recording playbook drafts.rename', SEEN);
  await clickPicture(person, DIALOG_AT.remove);
  // The page's own dialog is not in its picture: the view shows it, and the person answers there.
  await expect(person.getByRole('alertdialog')).toContainText('The page asks: Delete the draft expense?', SEEN);
  await person.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(person.getByRole('alertdialog')).toBeHidden(SEEN);
  await clickPicture(person, DIALOG_AT.rename);
  const answer = person.getByLabel('The page\'s question wants an answer');
  await expect(answer).toHaveValue('draft', SEEN);
  await answer.fill('March trip');
  await person.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => listedSteps(person), SEEN).toEqual([
    `await page.goto('${draftUrl}');`,
    "page.once('dialog', dialog => dialog.accept());",
    "await page.getByRole('button', { name: 'Delete draft' }).click();",
    "page.once('dialog', dialog => dialog.accept(params.newName));",
    "await page.getByRole('button', { name: 'Rename' }).click();",
  ]);
  await person.getByRole('button', { name: 'Done…' }).click();
  await expect(person.getByLabel('Final check (what proves it worked; edit it if the page\'s proposal is not it)'))
    .toHaveValue("await expect(page.getByRole('status')).toContainText(`Renamed to ${params.newName}`);", SEEN);
  await person.getByRole('button', { name: 'Save playbook' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  const recorded = await finalReceipt('dialogs', 'show-1');
  assert.equal(recorded.code, 0, explain(recorded, home));
  assert.equal(recorded.json.result.playbook.params, 'newName: string (e.g. "March trip")');
  // The program's receipt says a person answered the page's dialogs.
  assert.deepEqual(recorded.json.pageChanges.filter((c: any) => c.type === 'dialog').map((c: any) => [c.dialog, c.by]), [['confirm', 'person'], ['prompt', 'person']]);

  const replay = await home.run(['playbook', 'run', 'drafts.rename', '--task', 'dialogs-replay', '--request-id', 'replay-1', '--wait', String(PROGRAM_WAIT_S), '--params', JSON.stringify({ newName: 'April trip' })]);
  assert.equal(replay.code, 0, explain(replay, home));
  assert.equal((await home.run(['playbook', 'list'])).json.playbooks.find((p: any) => p.name === 'drafts.rename').status, 'verified');
  await person.close();
});
