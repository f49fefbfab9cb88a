// Issue 38, item 12: while a person works on a task's page (a hand-over), the task may watch the
// page but neither change it nor read what the person types. A raw client of the task's
// endpoint, attached before the hand-over, tries Runtime.evaluate, DOMSnapshot, Accessibility
// and a screenshot while the person types, then Network.getRequestPostData of the form they
// send: each is refused, and no text the client receives (events included: the form's POST)
// holds what they typed. A program that does not await handoff() and evaluates is refused by
// name. The program's own `until` (a locator) still watches the page and ends the hand-over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { TabwrightHome, PROGRAM_WAIT_S, hasBrowser, testTimeout, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { launchViewerBrowser } from './harness/viewer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const SEEN = { timeout: 60_000 };
const PASSWORD = 'typed-password-7Qz';
const CODE = 'typed-code-918273';

/** Each field sits at a fixed place of the viewport (fractions), so the person clicks the picture there. */
const AT = { code: [0.25, 0.3], pass: [0.25, 0.5] } as const;
const place = ([x, y]: readonly [number, number]) => `left:${x * 100}%;top:${y * 100}%`;
const SIGNIN_PAGE = `<!doctype html><title>Sign in</title>
<style>html,body{margin:0;height:100%} .f{position:fixed;transform:translate(-50%,-50%);width:22%;height:8%;font-size:16px}</style>
<form method="post" action="/signin">
  <input class="f" name="code" aria-label="Code" autocomplete="off" style="${place(AT.code)}">
  <input class="f" name="pass" type="password" aria-label="Password" style="${place(AT.pass)}">
  <button class="f" style="${place([0.7, 0.7])}">Sign in</button>
</form>`;

let home: TabwrightHome;
let server: FixtureServer;
let viewer: Browser;

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-hold-' });
  server = await FixtureServer.start();
  server.route('/signin', (req, res) => {
    if (req.method === 'POST') res.writeHead(303, { location: '/welcome' }).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end(SIGNIN_PAGE);
  });
  server.page('/welcome', '<!doctype html><title>Welcome</title><h1>Welcome</h1>');
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await home?.dispose();
  await server?.close();
});

async function waitingForPerson(task: string): Promise<void> {
  await expect.poll(async () => (await home.run(['tasks'])).json?.tasks?.find((t: { name: string }) => t.name === task)?.waitingFor, SEEN).toBe('person');
}

/** The person, in the view of `task`, clicks the picture where a field is and types. */
async function personTypes(person: Page, at: readonly [number, number], text: string): Promise<void> {
  const image = person.locator('#handoff-image');
  await expect(image).toBeVisible(SEEN);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete ? img.naturalWidth : 0), SEEN).toBeGreaterThan(0);
  const box = (await image.boundingBox())!;
  await person.mouse.click(box.x + box.width * at[0], box.y + box.height * at[1]);
  await person.keyboard.type(text);
}

async function personOpens(task: string): Promise<Page> {
  const answer = await home.run(['view', '--print-token', '--task', task]);
  assert.equal(answer.code, 0, explain(answer, home));
  const person = await viewer.newPage({ viewport: { width: 1400, height: 1000 } });
  await person.goto(answer.json.url);
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  return person;
}

const typedIn = (text: string) => [PASSWORD, CODE].filter(typed => text.includes(typed));


/**
 * A program that calls handoff(), to its end: `run` answers as soon as the hand-over opens
 * (running, waitingFor person), so the final receipt is read after it.
 */
async function programToEnd(task: string, requestId: string, program: string): Promise<CliResult> {
  const first = await home.program(task, requestId, program);
  if (first.json?.status !== 'running') return first;
  return home.run(['receipt', '--task', task, '--request-id', requestId, '--verbose', '--wait', String(PROGRAM_WAIT_S)]);
}

test('a raw client of the task is refused what reads or changes the page while a person types, and sees nothing they typed; the program\'s until still ends the hand-over', { skip, timeout: testTimeout(10) }, async () => {
  await home.run(['run', '--task', 'H', '--request-id', 'h-1', '--wait', '0'], { input: `await page.goto(${JSON.stringify(server.url('/signin'))});
const handed = await handoff({ reason: 'Sign in', until: page.getByRole('heading', { name: 'Welcome' }) });
return handed.ended;` });
  await waitingForPerson('H');
  const client = await RawCdpClient.connect((await home.run(['endpoint', '--task', 'H'])).json.endpoint);
  await client.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  const page = (await client.nextEvent(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.url.endsWith('/signin'))).params.sessionId as string;
  // Switched on before anything is typed: what these show while the person types is the question.
  await client.call('Network.enable', {}, page);
  await client.call('Runtime.enable', {}, page);
  await client.call('Page.enable', {}, page);

  const person = await personOpens('H');
  await personTypes(person, AT.code, CODE);
  await personTypes(person, AT.pass, PASSWORD);
  const attempts: Record<string, string> = {};
  const attempt = async (method: string, params: Record<string, unknown>) => {
    attempts[method] = JSON.stringify(await client.send(method, params, page));
    return attempts[method]!;
  };
  // Read live until the page holds all the person typed (the keys reach it after the view sends them), or refused.
  await expect.poll(async () => {
    const reply = await attempt('Runtime.evaluate', { expression: 'document.forms[0].code.value + " " + document.forms[0].pass.value', returnByValue: true });
    return reply.includes('"error"') || typedIn(reply).length === 2;
  }, SEEN).toBe(true);
  await attempt('DOMSnapshot.captureSnapshot', { computedStyles: [] });
  await attempt('Accessibility.getFullAXTree', {});
  await attempt('Page.captureScreenshot', {});
  await attempt('Input.insertText', { text: 'planted' });
  await person.keyboard.press('Enter');
  // The program's until (a locator) saw the welcome page: the hand-over ended by itself.
  const receipt = await home.run(['receipt', '--task', 'H', '--request-id', 'h-1', '--wait', String(PROGRAM_WAIT_S)]);
  assert.equal(receipt.json?.result, 'until', explain(receipt, home));
  const post = client.events.find(e => e.method === 'Network.requestWillBeSent' && e.sessionId === page && e.params.request.method === 'POST');
  assert.ok(post, 'the client saw the form sent');
  await attempt('Network.getRequestPostData', { requestId: post.params.requestId });
  client.close();
  await person.close();

  const read = Object.entries(attempts).filter(([, reply]) => typedIn(reply).length).map(([method]) => method);
  const events = client.events.filter(e => typedIn(JSON.stringify(e)).length).map(e => e.method);
  assert.deepEqual({ read, events }, { read: [], events: [] }, 'what the person typed reached the task');
  for (const [method, reply] of Object.entries(attempts))
    assert.match(reply, /Refused by tabwright: PageHeldByPerson: a person is working on this task's pages \(handoff: Sign in\)|what a person typed during a hand-over/, `${method}: ${reply}`);
  assert.match(attempts['Runtime.evaluate']!, /await handoff\(\)/, 'the refusal says what to do');
});

test('a program that does not await handoff() and reads the page is refused by name, through Playwright and through its own CDP session', { skip, timeout: testTimeout(4) }, async () => {
  const read = await home.program('R', 'r-1', `await page.goto(${JSON.stringify(server.url('/signin'))});
void handoff({ reason: 'Sign in' }).catch(() => {});
for (;;) {
  const code = await page.evaluate(() => document.forms[0].code.value);
  if (code) return code;
  await page.waitForTimeout(100);
}`, ['--wait', '0']);
  // Refused, the program ends at once; read, it loops until the person types: then they do.
  const state = async () => {
    const tasks = (await home.run(['tasks'])).json?.tasks as { name: string; waitingFor?: string }[] | undefined;
    if (tasks?.find(t => t.name === 'R')?.waitingFor === 'person') return 'person';
    // Queued is not ended: on a loaded machine the worker may not have started the program yet.
    const status = (await home.run(['receipt', '--task', 'R', '--request-id', 'r-1'])).json?.status;
    return status === 'running' || status === 'queued' ? 'running' : 'ended';
  };
  await expect.poll(state, SEEN).not.toBe('running');
  if (await state() === 'person') {
    const person = await personOpens('R');
    await personTypes(person, AT.code, CODE);
    await person.close();
  }
  const ended = await home.run(['receipt', '--task', 'R', '--request-id', 'r-1', '--wait', String(PROGRAM_WAIT_S)]);
  assert.equal(ended.json?.error?.name, 'PageHeldByPerson', `the program read ${JSON.stringify(ended.json?.result)}: ${explain(ended, home)}`);
  assert.equal(ended.json.error.call, 'page.evaluate');

  const raw = await programToEnd('R', 'r-2', `const cdp = await context.newCDPSession(page);
void handoff({ reason: 'Sign in' }).catch(() => {});
for (let i = 0; i < 1_000_000; i++) await cdp.send('Runtime.evaluate', { expression: 'document.forms[0].code.value' });
return 'never refused';`);
  assert.equal(raw.json?.error?.name, 'PageHeldByPerson', explain(raw, home));
});
