// Issue 38, item 6: `run --har` and `run --trace` write what a person typed during a hand-over,
// and every credential of the run, to files the agent reads, while the receipt says
// `inputKept: false`. A real hand-over: a stand-in person (a second Chromium on the live view)
// signs in on a form that posts with fetch (so the filled password field stays on the page),
// and the program goes on clicking after. Every file under the runtime's home is read (the
// trace unzipped) for the password; the HAR for the session cookie and the API token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from '@playwright/test';
import { PROGRAM_WAIT_S, TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { SEEN, clickPicture, launchViewerBrowser, personOpens, waitingForPerson } from './harness/viewer.js';
import { harProblems, loadTrace, zipEntries } from './harness/traceFiles.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const PASSWORD = 'Hunter2-typed-by-a-person';
const SESSION_COOKIE = 'sid-5f1e7a-session-value';
const API_TOKEN = 'api-token-9c3b11-secret';

let home: TabwrightHome;
let server: FixtureServer;
let viewer: Browser;
const signins: Record<string, string>[] = [];

const AT = { user: [0.25, 0.2], pass: [0.25, 0.4], submit: [0.25, 0.6] } as const;
const place = ([x, y]: readonly [number, number]) => `left:${x * 100}%;top:${y * 100}%`;
const SIGNIN_PAGE = `<!doctype html><title>Sign in</title>
<style>html,body{margin:0;height:100%;font:16px sans-serif} .f{position:fixed;transform:translate(-50%,-50%);width:30%;height:10%;box-sizing:border-box;font-size:16px}</style>
<form id="form">
  <input class="f" name="user" aria-label="User" autocomplete="off" style="${place(AT.user)}">
  <input class="f" name="pass" type="password" aria-label="Password" style="${place(AT.pass)}">
  <button class="f" style="${place(AT.submit)}">Sign in</button>
</form>
<p id="status" role="status" style="position:fixed;left:60%;top:20%"></p>
<button id="orders" style="position:fixed;left:60%;top:40%">Load orders</button>
<script>
const status = document.getElementById('status');
document.getElementById('form').onsubmit = async event => {
  event.preventDefault();
  const reply = await fetch('/signin', { method: 'POST', body: new URLSearchParams(new FormData(event.target)) });
  status.textContent = 'Hello ' + (await reply.json()).user;
};
document.getElementById('orders').onclick = async () => {
  // Made here, so the token is not in the page's own text (a HAR keeps that).
  const reply = await fetch('/api/orders', { headers: { authorization: 'Bearer ' + ${JSON.stringify(API_TOKEN.split('-'))}.join('-') } });
  status.textContent = await reply.text();
};
</script>`;

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-debug-secrets-' });
  server = await FixtureServer.start();
  server.route('/signin', (req, res, body) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGNIN_PAGE);
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    signins.push(fields);
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': `sid=${SESSION_COOKIE}; Path=/; HttpOnly` }).end(JSON.stringify({ user: fields.user }));
  });
  server.route('/api/orders', (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }).end('3 orders'); });
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await home?.dispose().catch(error => process.stderr.write(`debug-secrets test cleanup: ${error}\n`));
  await server?.close();
});

/** Every regular file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

/** Where `secret` is written under the home: each file (and zip entry) that holds it, as UTF-8 or UTF-16. */
async function whereWritten(secret: string): Promise<string[]> {
  const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
  const holds = (bytes: Buffer) => needles.some(needle => bytes.includes(needle));
  const found: string[] = [];
  for (const file of filesUnder(home.home)) {
    let bytes: Buffer;
    try { bytes = fs.readFileSync(file); } catch { continue; }
    if (holds(bytes)) found.push(file);
    if (bytes.subarray(0, 2).toString('latin1') === 'PK')
      for (const [name, entry] of await zipEntries(file).catch(() => new Map<string, Buffer>())) if (holds(entry)) found.push(`${file}!${name}`);
  }
  return found;
}

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

test('a password a person types in a hand-over of a run with --har and --trace is in no file under the home; the files are 0600, credentials redacted', { skip, timeout: testTimeout(6) }, async () => {
  const submitted = await home.run(['run', '--task', 'shop', '--request-id', 'shop-1', '--wait', '0', '--har', '--trace'], { input: `
await page.goto(${JSON.stringify(server.url('/signin'))});
await page.getByRole('button', { name: 'Load orders' }).click();
await expect(page.getByRole('status')).toHaveText('3 orders');
await handoff({ reason: 'Sign in as alice' });
await expect(page.getByRole('status')).toHaveText('Hello alice');
await page.getByRole('button', { name: 'Load orders' }).click();
await expect(page.getByRole('status')).toHaveText('3 orders');
return 'ordered';` });
  assert.equal(submitted.code, 3, explain(submitted, home));
  await waitingForPerson(home, 'shop');
  const person = await personOpens(home, viewer, { task: 'shop' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  await clickPicture(person, AT.user);
  await person.keyboard.type('alice');
  await clickPicture(person, AT.pass);
  await person.keyboard.type(PASSWORD);
  await clickPicture(person, AT.submit);
  await expect.poll(() => signins.length, SEEN).toBe(1);
  assert.deepEqual(signins[0], { user: 'alice', pass: PASSWORD });
  await person.getByRole('button', { name: 'Done' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  await person.close();

  const done = await home.run(['receipt', '--task', 'shop', '--request-id', 'shop-1', '--wait', String(PROGRAM_WAIT_S)]);
  assert.equal(done.code, 0, explain(done, home));
  const receipt = done.json;
  assert.equal(receipt.result, 'ordered', explain(done, home));
  assert.equal(receipt.handoffs[0].inputKept, false);

  // Nowhere under the home: not in the HAR, not in a trace, not in the browser's profile.
  assert.deepEqual(await whereWritten(PASSWORD), []);

  const artifacts = receipt.artifacts as { path: string; mime: string }[];
  const harFile = artifacts.find(a => a.path.endsWith('.har'));
  const traces = artifacts.filter(a => a.path.endsWith('.zip'));
  assert.ok(harFile && traces.length === 2, `a HAR and a trace before and after the hand-over: ${JSON.stringify(artifacts)}`);
  for (const file of [harFile, ...traces]) assert.equal(modeOf(file.path), '600', file.path);
  assert.equal(modeOf(path.dirname(harFile.path)), '700');

  // The HAR: the requests before and after the hand-over, none of it; its credentials redacted.
  const harText = fs.readFileSync(harFile.path, 'utf8');
  const har = JSON.parse(harText);
  assert.deepEqual(harProblems(har), []);
  for (const secret of [SESSION_COOKIE, API_TOKEN]) assert.ok(!harText.includes(secret), `the HAR holds ${secret}`);
  const urls = har.log.entries.map((e: { request: { method: string; url: string } }) => `${e.request.method} ${new URL(e.request.url).pathname}`);
  assert.deepEqual(urls.filter((u: string) => u.includes('/api/orders')), ['GET /api/orders', 'GET /api/orders'], urls.join(', '));
  assert.ok(!urls.includes('POST /signin'), `the person's sign-in is in the HAR: ${urls.join(', ')}`);
  const after = har.log.entries.filter((e: { request: { url: string } }) => e.request.url.endsWith('/api/orders'))[1];
  const header = (name: string) => after.request.headers.find((h: { name: string }) => h.name.toLowerCase() === name)?.value;
  assert.equal(header('authorization'), '[redacted]');
  assert.equal(header('cookie'), '[redacted]');
  assert.match(har.log.comment, /Not recorded from .* to .* while a person worked on the page \(handoff\)/);
  assert.ok(receipt.hints.some((h: string) => /--keep-secrets/.test(h)), JSON.stringify(receipt.hints));

  // The traces: the first has the first click; the second goes on after the person's input
  // without DOM snapshots, screenshots or network (a field could still hold what they typed).
  const [before, afterTrace] = await Promise.all(traces.map(t => loadTrace(t.path)));
  assert.ok(before!.actions.some(a => a.method === 'click'), 'the first click');
  assert.ok(afterTrace!.actions.some(a => a.method === 'click'), 'the click after the hand-over');
  assert.equal(afterTrace!.hasDomSnapshots, false);
  assert.equal(afterTrace!.screencastFrames, 0);
  assert.equal(afterTrace!.resources.length, 0);
});

test('--keep-secrets keeps cookies, Authorization and form bodies in the HAR and the trace; the trace never keeps a password field\'s value', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('kept', 'kept-1', `
await page.goto(${JSON.stringify(server.url('/signin'))});
await page.getByLabel('User').fill('bob');
await page.getByLabel('Password').fill(${JSON.stringify(`${PASSWORD}-filled`)});
await page.getByRole('button', { name: 'Sign in' }).click();
await expect(page.getByRole('status')).toHaveText('Hello bob');
await page.getByRole('button', { name: 'Load orders' }).click();
await expect(page.getByRole('status')).toHaveText('3 orders');
return 'ok';`, ['--har', '--keep-secrets', '--trace']);
  assert.equal(r.code, 0, explain(r, home));
  const artifacts = r.json.artifacts as { path: string }[];
  const harText = fs.readFileSync(artifacts.find(a => a.path.endsWith('.har'))!.path, 'utf8');
  for (const secret of [SESSION_COOKIE, API_TOKEN, `${PASSWORD}-filled`]) assert.ok(harText.includes(secret), `--keep-secrets keeps ${secret}`);
  // The DOM snapshots show the password field blank, whoever filled it (a browser's saved password, in a connected profile).
  const trace = await zipEntries(artifacts.find(a => a.path.endsWith('.zip'))!.path);
  const network = [...trace.entries()].filter(([name]) => name.endsWith('.network')).map(([, bytes]) => bytes.toString('utf8')).join('\n');
  for (const secret of [SESSION_COOKIE, API_TOKEN]) assert.ok(network.includes(secret), `--keep-secrets keeps ${secret} in the trace`);
  // The DOM snapshots only: the program's own fill() call is in the trace's actions, as it wrote it.
  const snapshots = [...trace.entries()].filter(([name]) => name.endsWith('.trace'))
    .flatMap(([, bytes]) => bytes.toString('utf8').split('\n')).filter(line => line.includes('"type":"frame-snapshot"')).join('\n');
  assert.match(snapshots, /frame-snapshot/);
  assert.match(snapshots, /"bob"/, 'other fields keep their values');
  assert.ok(!snapshots.includes(`${PASSWORD}-filled`), 'a snapshot holds the password field\'s value');
});

test('a hand-over the program left open when it ended starts no recording after it: the next program\'s hand-over is in no file', { skip, timeout: testTimeout(4) }, async () => {
  // The first program asks and returns without awaiting: its hand-over ends with it.
  const first = await home.program('left', 'left-1', `
await page.goto(${JSON.stringify(server.url('/signin'))});
handoff({ reason: 'Not awaited' }).catch(() => {});
return 'left';`, ['--har', '--keep-secrets', '--trace']);
  // `run` answers as soon as a hand-over opens (waitingFor person), which can be before the program's end.
  const ended = first.code === 3 ? await home.run(['receipt', '--task', 'left', '--request-id', 'left-1', '--wait', String(PROGRAM_WAIT_S)]) : first;
  assert.equal(ended.code, 0, explain(ended, home));
  assert.equal(ended.json.result, 'left');
  const submitted = await home.run(['run', '--task', 'left', '--request-id', 'left-2', '--wait', '0'], { input: `
await handoff({ reason: 'Sign in as carol' });
await expect(page.getByRole('status')).toHaveText('Hello carol');
return 'signed in';` });
  assert.equal(submitted.code, 3, explain(submitted, home));
  await waitingForPerson(home, 'left');
  const person = await personOpens(home, viewer, { task: 'left' });
  await expect(person.locator('#handoff')).toBeVisible(SEEN);
  const before = signins.length;
  await clickPicture(person, AT.user);
  await person.keyboard.type('carol');
  await clickPicture(person, AT.pass);
  await person.keyboard.type(`${PASSWORD}-carol`);
  await clickPicture(person, AT.submit);
  await expect.poll(() => signins.length, SEEN).toBe(before + 1);
  await person.getByRole('button', { name: 'Done' }).click();
  await expect(person.locator('#handoff')).toBeHidden(SEEN);
  await person.close();
  const done = await home.run(['receipt', '--task', 'left', '--request-id', 'left-2', '--wait', String(PROGRAM_WAIT_S)]);
  assert.equal(done.code, 0, explain(done, home));
  assert.deepEqual(await whereWritten(`${PASSWORD}-carol`), []);
});

test('a trace\'s network has its cookies, Authorization headers and form bodies redacted unless --keep-secrets; it still opens, requests listed', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('traced', 'traced-1', `
await page.goto(${JSON.stringify(server.url('/signin'))});
await page.getByLabel('User').fill('dave');
await page.getByLabel('Password').fill(${JSON.stringify(`${PASSWORD}-traced`)});
await page.getByRole('button', { name: 'Sign in' }).click();
await expect(page.getByRole('status')).toHaveText('Hello dave');
await page.getByRole('button', { name: 'Load orders' }).click();
await expect(page.getByRole('status')).toHaveText('3 orders');
return 'ok';`, ['--trace']);
  assert.equal(r.code, 0, explain(r, home));
  const file = (r.json.artifacts as { path: string }[]).find(a => a.path.endsWith('.zip'))!.path;
  assert.equal(modeOf(file), '600');
  const entries = await zipEntries(file);
  // The program's own fill() is in the trace's actions as it wrote it: the form body and the network are what is checked.
  const kept = [...entries].filter(([name]) => !name.endsWith('.trace'));
  for (const secret of [SESSION_COOKIE, API_TOKEN, `${PASSWORD}-traced`]) {
    const holding = kept.filter(([, bytes]) => bytes.includes(Buffer.from(secret))).map(([name]) => name);
    assert.deepEqual(holding, [], `the trace holds ${secret}`);
  }
  const trace = await loadTrace(file);
  const urls = trace.resources.map(resource => `${resource.request.method} ${new URL(resource.request.url).pathname}`);
  assert.ok(urls.includes('POST /signin') && urls.includes('GET /api/orders'), urls.join(', '));
  assert.ok(r.json.hints.some((h: string) => /--trace: .*redacted/.test(h)), JSON.stringify(r.json.hints));
});
