// Issue 28, handing a page to a person: a program calls `handoff()` on a sign-in page and waits;
// a second Playwright (its own Chromium, standing in for the person) opens the live view with
// the token, types into the form and clicks through the screencast picture at the fields' and
// the button's places; the fixture server receives the sign-in; Done resumes the program,
// which reads the signed-in page. Then "Cannot do this", `until`, a program racing the person,
// the program's timeout held while the person works and the hand-over's own cap, and the
// view's guard (a foreign Host, a missing token, a stale key, another task's page).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, PROGRAM_WAIT_S, TabwrightHome, hasBrowser, testTimeout, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { SEEN, clickPicture, launchViewerBrowser, personOpens, waitingForPerson } from './harness/viewer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const SECRET = 'hunter2-secret';
const CODE = '424242';

let home: TabwrightHome;
let server: FixtureServer;
let viewer: Browser;
const signins: Record<string, string>[] = [];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

// Each control sits at a fixed place in the viewport (fractions of it), whatever its size: the
// person clicks the picture at those fractions, as a person clicks what they see.
const AT = { user: [0.25, 0.2], pass: [0.25, 0.35], code: [0.25, 0.5], submit: [0.7, 0.7] } as const;
const place = ([x, y]: readonly [number, number]) => `left:${x * 100}%;top:${y * 100}%`;
const SIGNIN_PAGE = `<!doctype html><title>Sign in</title>
<style>html,body{margin:0;height:100%;font:16px sans-serif} .f{position:fixed;transform:translate(-50%,-50%);width:22%;height:8%;box-sizing:border-box;font-size:16px}</style>
<h1 style="margin:0;padding:4px">Sign in</h1>
<form method="post" action="/signin">
  <input class="f" name="user" aria-label="User" autocomplete="off" style="${place(AT.user)}">
  <input class="f" name="pass" type="password" aria-label="Password" style="${place(AT.pass)}">
  <input class="f" name="code" aria-label="Code" autocomplete="off" style="${place(AT.code)}">
  <button class="f" style="${place(AT.submit)}">Sign in</button>
</form>`;

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-handoff-' });
  server = await FixtureServer.start();
  server.route('/signin', (req, res, body) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGNIN_PAGE);
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    signins.push(fields);
    res.writeHead(303, { location: `/welcome?user=${encodeURIComponent(fields.user ?? '')}` }).end();
  });
  server.route('/welcome', (req, res) => {
    const user = new URL(req.url ?? '/', server.origin).searchParams.get('user') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Welcome</title><h1>Welcome, ${escapeHtml(user)}</h1>`);
  });
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await home?.dispose().catch(error => process.stderr.write(`handoff test cleanup: ${error}\n`));
  await server?.close();
});

/** Submits without waiting (exit 3, registered), as an agent does when it expects to come back. */
async function submit(task: string, requestId: string, program: string, extra: string[] = []): Promise<void> {
  const r = await home.run(['run', '--task', task, '--request-id', requestId, '--wait', '0', ...extra], { input: program });
  assert.equal(r.code, 3, explain(r, home));
}

async function finalReceipt(task: string, requestId: string): Promise<CliResult> {
  return home.run(['receipt', '--task', task, '--request-id', requestId, '--wait', String(PROGRAM_WAIT_S)]);
}

/**
 * A program that calls handoff(), to its end: `run` answers as soon as the hand-over opens
 * (running, waitingFor person), so the final receipt is read after it.
 */
async function programToEnd(task: string, requestId: string, program: string): Promise<CliResult> {
  const first = await home.program(task, requestId, program);
  if (first.json?.status !== 'running') return first;
  return home.run(['receipt', '--task', task, '--request-id', requestId, '--verbose', '--wait', String(PROGRAM_WAIT_S)]);
}

test('a person signs in through the view; Done resumes the program, which reads the signed-in page', { skip, timeout: testTimeout(10) }, async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/signin'))});
// A device scale factor of 2: the picture is in device pixels, the page's input in CSS pixels.
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setDeviceMetricsOverride', { width: 900, height: 600, deviceScaleFactor: 2, mobile: false });
const handed = await handoff({ reason: 'Sign in as alice with the code from your phone' });
const heading = await page.getByRole('heading', { level: 1 }).innerText();
const dpr = await page.evaluate(() => devicePixelRatio);
await cdp.send('Emulation.clearDeviceMetricsOverride');
return { handed, heading, dpr };`;
  await submit('signin', 'in-1', program);
  const task = await waitingForPerson(home, 'signin');
  assert.equal(task.handoff.requestId, 'in-1');
  assert.equal(task.handoff.reason, 'Sign in as alice with the code from your phone');
  assert.equal(task.handoff.page, task.pages[0].id);

  // The agent's CLI comes back at its --wait with exit 3, saying a person is asked and how to go on.
  const asked = await home.compactProgram('signin', 'in-1', program, ['--wait', '1']);
  assert.equal(asked.code, 3, explain(asked, home));
  assert.equal(asked.json.status, 'running');
  assert.equal(asked.json.waitingFor, 'person');
  assert.equal(asked.json.handoffs[0].reason, 'Sign in as alice with the code from your phone');
  const hint = asked.json.hints.join('\n');
  assert.match(hint, /A person is being asked in the live view to: Sign in as alice/);
  assert.match(hint, /tabwright view --task signin --open/);
  assert.match(hint, /tabwright receipt --task signin --request-id in-1 --wait/);

  // The MCP server shows the waiting task too.
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: home.env() as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'tabwright-handoff-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    const listed = await client.callTool({ name: 'tasks', arguments: {} }) as { content: { type: string; text: string }[] };
    const mcpTask = JSON.parse(listed.content[0]!.text).tasks.find((t: any) => t.name === 'signin');
    assert.equal(mcpTask.waitingFor, 'person');
    assert.equal(mcpTask.handoff.reason, 'Sign in as alice with the code from your phone');
    // A client following the program hears that a person is asked, as a progress notification.
    const heard: string[] = [];
    const pending = await client.callTool({ name: 'receipt', arguments: { task: 'signin', requestId: 'in-1', waitSeconds: 2 } }, undefined,
      { onprogress: progress => { if (progress.message) heard.push(progress.message); } }) as { content: { type: string; text: string }[] };
    assert.equal(JSON.parse(pending.content[0]!.text).waitingFor, 'person');
    assert.ok(heard.includes(`waiting for a person on page ${task.handoff.page}: Sign in as alice with the code from your phone (\`tabwright view --task signin --open\` shows them the page)`),
      JSON.stringify(heard));
  } finally {
    await client.close();
  }

  // The person opens the view on the task: the hand-over opens by itself, large and live.
  const person = await personOpens(home, viewer, { task: 'signin' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  await expect(person.locator('#handoff-title')).toHaveText('Task signin asks: Sign in as alice with the code from your phone');
  await expect(person.locator('#asks')).toContainText('Task signin asks for a person');
  await clickPicture(person, AT.user);
  await person.keyboard.type('alice');
  await clickPicture(person, AT.pass);
  await person.keyboard.type(SECRET);
  if (process.env.TABWRIGHT_HANDOFF_SCREENSHOT) {
    // The README's picture of a hand-over: once a frame shows what was typed so far.
    const image = person.locator('#handoff-image');
    const shown = await image.getAttribute('src');
    await expect.poll(() => image.getAttribute('src'), SEEN).not.toBe(shown);
    const file = path.resolve(process.env.TABWRIGHT_HANDOFF_SCREENSHOT);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await person.screenshot({ path: file });
  }
  await clickPicture(person, AT.code);
  // A pasted code: the view's paste event carries the text.
  await person.locator('#handoff-screen').evaluate((node, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, CODE);
  await clickPicture(person, AT.submit);
  await expect.poll(() => signins.length, SEEN).toBe(1);
  assert.deepEqual(signins[0], { user: 'alice', pass: SECRET, code: CODE });
  await expect(person.locator('#handoff-url')).toContainText('/welcome?user=alice', SEEN);
  await person.getByRole('button', { name: 'Done' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  await expect(person.locator('#asks')).toBeHidden(SEEN);

  const done = await finalReceipt('signin', 'in-1');
  assert.equal(done.code, 0, explain(done, home));
  const receipt = done.json;
  assert.equal(receipt.status, 'succeeded');
  assert.equal(receipt.result.heading, 'Welcome, alice');
  assert.equal(receipt.result.dpr, 2);
  assert.equal(receipt.result.handed.ended, 'done');
  assert.equal(receipt.result.handed.asked, true);
  assert.equal(receipt.waitingFor, undefined);
  assert.equal(receipt.handoffs.length, 1);
  const [record] = receipt.handoffs;
  assert.equal(record.ended, 'done');
  assert.equal(record.inputKept, false);
  assert.equal(record.page, task.handoff.page);
  assert.ok(record.personMs > 0, JSON.stringify(record));
  assert.equal(receipt.mutationState, 'possible');
  assert.ok(receipt.mutations.includes(`a person's input on page ${record.page} (handoff)`), JSON.stringify(receipt.mutations));
  // What the person typed is nowhere: not in the receipt, not in the runtime's log.
  for (const typed of [SECRET, CODE]) {
    assert.ok(!JSON.stringify(receipt).includes(typed), `the receipt holds ${typed}`);
    assert.ok(!fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8').includes(typed), `runtime.log holds ${typed}`);
  }
  await person.close();
});

test('"Cannot do this" makes handoff throw HandoffDeclined with the person\'s note; the view notified them', { skip, timeout: testTimeout(6) }, async () => {
  await submit('puzzle', 'pz-1', `await page.goto(${JSON.stringify(server.url('/signin'))});
await handoff({ reason: 'Solve the picture puzzle' });
return 'went on';`);
  await waitingForPerson(home, 'puzzle');
  // A view that is not in front, where the person allowed notifications: the browser's own notification.
  const person = await personOpens(home, viewer, { init: () => {
    const shown: [string, string][] = [];
    Object.assign(window, { shownNotifications: shown });
    class StandInNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) { shown.push([title, options.body]); }
      close(): void {}
    }
    Object.assign(window, { Notification: StandInNotification });
    document.hasFocus = () => false;
  } });
  await expect(person.locator('#asks')).toContainText('Task puzzle asks for a person: Solve the picture puzzle', SEEN);
  await expect.poll(() => person.evaluate(() => (window as unknown as { shownNotifications: [string, string][] }).shownNotifications), SEEN)
    .toEqual([['tabwright: task puzzle asks for a person', 'Solve the picture puzzle']]);
  await expect(person).toHaveTitle(/^\(1\) a person is needed/);
  await person.getByRole('button', { name: 'Take over the page of task puzzle' }).click();
  await expect(person.locator('#handoff')).toBeVisible();
  await person.getByRole('button', { name: 'Cannot do this…' }).click();
  await person.getByLabel('What stopped you? The program is told.').fill('The puzzle never loads');
  await person.getByRole('button', { name: 'Tell the program' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);

  const declined = await finalReceipt('puzzle', 'pz-1');
  assert.equal(declined.code, 1, explain(declined, home));
  assert.equal(declined.json.status, 'failed');
  assert.equal(declined.json.error.name, 'HandoffDeclined');
  assert.equal(declined.json.error.note, 'The puzzle never loads');
  assert.match(declined.json.error.message, /The puzzle never loads/);
  assert.equal(declined.json.handoffs[0].ended, 'declined');
  assert.equal(declined.json.handoffs[0].note, 'The puzzle never loads');
  // The person only looked: nothing of theirs reached the page.
  assert.equal(declined.json.mutationState, 'none', JSON.stringify(declined.json.mutations));
  await person.close();
});

test('until: the hand-over ends by itself when the page reaches the URL; one that holds already asks nobody', { skip, timeout: testTimeout(6) }, async () => {
  const before = signins.length;
  await submit('until', 'u-1', `await page.goto(${JSON.stringify(server.url('/signin'))});
const first = await handoff({ reason: 'Sign in as bob', until: /\\/welcome\\b/ });
const heading = await page.getByRole('heading', { level: 1 }).innerText();
const again = await handoff({ reason: 'Nothing to do', until: page.getByRole('heading', { name: /Welcome/ }) });
return { first, heading, again };`);
  await waitingForPerson(home, 'until');
  const person = await personOpens(home, viewer, { task: 'until' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  // Keys only: a click into the first field, then Tab and Enter as a person signs in.
  await clickPicture(person, AT.user);
  await person.keyboard.type('bob');
  await person.keyboard.press('Tab');
  await person.keyboard.type('pw');
  await person.keyboard.press('Enter');
  await expect.poll(() => signins.length, SEEN).toBe(before + 1);
  assert.equal(signins[before]!.user, 'bob');
  // Nobody pressed Done: the view closes the hand-over because it ended.
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  await expect(person.locator('#notice')).toHaveText('The hand-over ended.', SEEN);

  const ended = await finalReceipt('until', 'u-1');
  assert.equal(ended.code, 0, explain(ended, home));
  assert.equal(ended.json.result.first.ended, 'until');
  assert.equal(ended.json.result.first.asked, true);
  assert.equal(ended.json.result.heading, 'Welcome, bob');
  assert.deepEqual(ended.json.result.again, { ended: 'until', personMs: 0, asked: false });
  assert.equal(ended.json.handoffs.length, 1, 'the second hand-over asked nobody');
  assert.equal(ended.json.handoffs[0].ended, 'until');
  await person.close();
});

test('a program racing the person gets PageHeldByPerson at once, from Playwright and from its own CDP session', { skip, timeout: testTimeout(3) }, async () => {
  const raced = await programToEnd('race', 'r-1', `await page.goto(${JSON.stringify(server.url('/signin'))});
void handoff({ reason: 'Sign in' }).catch(() => {});
await page.getByRole('button', { name: 'Sign in' }).click();
return 'clicked';`);
  assert.equal(raced.code, 1, explain(raced, home));
  assert.equal(raced.json.error.name, 'PageHeldByPerson');
  assert.equal(raced.json.error.call, 'locator.click');
  assert.match(raced.json.error.message, /a person is working on this task's pages \(handoff: Sign in\)/);
  assert.ok(raced.json.hints.some((h: string) => /await handoff\(\) before acting on the page/.test(h)), explain(raced, home));
  assert.equal(raced.json.handoffs[0].ended, 'interrupted');
  assert.equal(signins.filter(s => s.user === undefined).length, 0);

  // The program's own raw CDP session: refused by name too (the router refuses any other client's: handoff-hold).
  const raw = await programToEnd('race', 'r-2', `const cdp = await context.newCDPSession(page);
void handoff({ reason: 'Sign in' }).catch(() => {});
// Bounded: the router's hold starts once the main thread has opened the hand-over.
for (let i = 0; i < 1_000_000; i++) await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 1, y: 1 + (i % 2) });
return 'never refused';`);
  assert.equal(raw.code, 1, explain(raw, home));
  assert.equal(raw.json.error.name, 'PageHeldByPerson');
  assert.match(raw.json.error.message, /PageHeldByPerson: a person is working on this task's pages/);
});

/** A request to the view server as any HTTP client would send it. */
function viewRequest(url: URL, method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port: url.port, method, path: pathname, headers: { ...(text ? { 'content-type': 'application/json' } : {}), ...headers } }, res => {
      let data = '';
      res.on('data', chunk => { data += chunk; });
      res.on('end', () => {
        let json: unknown;
        try { json = JSON.parse(data); } catch { json = data; }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

test('the program\'s timeout waits while the person works; the hand-over\'s own cap ends it; the view refuses all but its token holder', { skip, timeout: testTimeout(10) }, async () => {
  await submit('slow', 's-1', `await page.goto(${JSON.stringify(server.url('/signin'))});
const handed = await handoff({ reason: 'Take your time' });
return handed.ended;`, ['--timeout', '2']);
  const task = await waitingForPerson(home, 'slow');
  // Longer than the program's 2 s timeout, and the program still waits for the person.
  const meanwhile = await home.run(['receipt', '--task', 'slow', '--request-id', 's-1', '--wait', '4']);
  assert.equal(meanwhile.code, 3, explain(meanwhile, home));
  assert.equal(meanwhile.json.waitingFor, 'person');

  const { url: viewUrlText } = (await home.run(['view', '--print-token'])).json;
  const url = new URL(viewUrlText);
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  const host = `127.0.0.1:${url.port}`;
  // The token of the link's fragment, exchanged for a session as the view's page does.
  const exchanged = await viewRequest(url, 'POST', '/session', { host }, { token });
  assert.equal(exchanged.status, 200, JSON.stringify(exchanged.json));
  const authorization = `Bearer ${exchanged.json.session}`;
  // The hand-over's key, as the view's page reads it: from the first event of the stream.
  const events = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const req = http.get({ host: '127.0.0.1', port: url.port, path: '/events?frames=0', headers: { host, authorization } }, res => {
      let data = '';
      res.on('data', chunk => {
        data += chunk;
        if (!settled && data.includes('\n\n')) {
          settled = true;
          req.destroy();
          resolve(data);
        }
      });
    });
    req.on('error', error => { if (!settled) reject(error); });
  });
  const snapshot = JSON.parse(/^data: (.*)$/m.exec(events)![1]!);
  const key: string = snapshot.tasks.find((t: any) => t.name === 'slow').handoff.key;
  const input = { key, page: task.handoff.page, events: [{ type: 'key', action: 'down', key: 'Tab', code: 'Tab', keyCode: 9 }] };
  const path = '/api/tasks/slow/handoff/input';

  const foreignHost = await viewRequest(url, 'POST', path, { host: `evil.example:${url.port}`, authorization }, input);
  assert.equal(foreignHost.status, 403, JSON.stringify(foreignHost.json));
  const noToken = await viewRequest(url, 'POST', path, { host }, input);
  assert.equal(noToken.status, 401, JSON.stringify(noToken.json));
  const foreignOrigin = await viewRequest(url, 'POST', path, { host, authorization, origin: 'http://evil.example' }, input);
  assert.equal(foreignOrigin.status, 403, JSON.stringify(foreignOrigin.json));
  const staleKey = await viewRequest(url, 'POST', path, { host, authorization }, { ...input, key: 'not-the-key' });
  assert.equal(staleKey.status, 404, JSON.stringify(staleKey.json));
  const otherTask = await home.run(['pages', '--task', 'signin']);
  const otherPage = await viewRequest(url, 'POST', path, { host, authorization }, { ...input, page: otherTask.json.pages[0].id });
  assert.equal(otherPage.status, 400, JSON.stringify(otherPage.json));
  assert.match(otherPage.json.error.message, /is not one of task slow's pages/);
  const outside = await viewRequest(url, 'POST', path, { host, authorization }, { ...input, events: [{ type: 'mouse', action: 'down', x: 2, y: 0.5 }] });
  assert.equal(outside.status, 400, JSON.stringify(outside.json));
  const delivered = await viewRequest(url, 'POST', path, { host, authorization }, input);
  assert.equal(delivered.status, 200, JSON.stringify(delivered.json));
  const ended = await viewRequest(url, 'POST', '/api/tasks/slow/handoff/end', { host, authorization }, { key, ended: 'done' });
  assert.equal(ended.status, 200, JSON.stringify(ended.json));
  const again = await viewRequest(url, 'POST', '/api/tasks/slow/handoff/end', { host, authorization }, { key, ended: 'done' });
  assert.equal(again.status, 404, 'a hand-over ends once');

  const done = await finalReceipt('slow', 's-1');
  assert.equal(done.code, 0, explain(done, home));
  assert.equal(done.json.result, 'done');
  assert.equal(done.json.mutationState, 'possible', 'the person\'s key press counts');
  assert.deepEqual(done.json.mutations, [`a person's input on page ${task.handoff.page} (handoff)`]);

  // Nobody comes within the hand-over's own cap: handoff throws, the receipt says so.
  const capped = await programToEnd('slow', 's-2', `await handoff({ reason: 'Nobody comes', timeoutS: 1 });
return 'went on';`);
  assert.equal(capped.code, 1, explain(capped, home));
  assert.equal(capped.json.error.name, 'HandoffTimedOut');
  assert.equal(capped.json.handoffs[0].ended, 'timedOut');
});
