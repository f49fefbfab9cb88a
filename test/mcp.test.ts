// Issue 13, `tabwright mcp`: the SDK's own Client over stdio (spawning bin/tabwright.js mcp)
// against the real runtime and Chromium. The MCP server is only a client of the runtime, so
// killing it loses nothing, and the same request id never runs twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, JSONRPCMessage, Progress } from '@modelcontextprotocol/sdk/types.js';
import { TabwrightHome, CLI, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { invalidName, NAME_PATTERN } from '../contract/submissionLimits.js';

/** Far longer than any call takes: the SDK's 60 s default would be a hidden wall-clock bound. */
const NO_TIMEOUT = { timeout: 3_600_000 };

let server: FixtureServer;
const home = new TabwrightHome('tabwright-mcp-test-');
const counts = new Map<string, number>();
/** Gates a program waits on (`await fetch(gate)`) until the test opens them. */
const gates = new Map<string, { arrived: Promise<void>; arrive: () => void; opened: Promise<void>; open: () => void }>();

function gate(name: string) {
  let entry = gates.get(name);
  if (!entry) {
    let arrive = () => {};
    let open = () => {};
    const arrived = new Promise<void>(resolve => { arrive = resolve; });
    const opened = new Promise<void>(resolve => { open = resolve; });
    entry = { arrived, arrive, opened, open };
    gates.set(name, entry);
  }
  return entry;
}

before(async () => {
  server = await FixtureServer.start();
  server.page('/shop', '<title>Shop</title><h1>Teas</h1><button>Buy</button>');
  server.page('/tools', `<title>Tools</title><h1 id="out">none</h1><script>addEventListener('load', () => document.modelContext.registerTool({
    name: 'set_heading', description: 'Sets the heading', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: async ({ text }) => { document.getElementById('out').textContent = text; return { ok: true }; } }));</script>`);
  server.route('/count', (req, res) => {
    const rid = new URL(req.url ?? '/', server.origin).searchParams.get('rid') ?? '';
    counts.set(rid, (counts.get(rid) ?? 0) + 1);
    res.writeHead(200).end('ok');
  });
  server.route('/gate', async (req, res) => {
    const entry = gate(new URL(req.url ?? '/', server.origin).searchParams.get('name') ?? '');
    entry.arrive();
    await entry.opened;
    res.writeHead(200).end('open');
  });
});

after(async () => {
  for (const entry of gates.values()) entry.open();
  await home.dispose();
  await server.close();
});

interface Connected {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  /** Every message the server sent, in the order it arrived. */
  wire: JSONRPCMessage[];
}

async function connect(): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: home.env() as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const client = new Client({ name: 'tabwright-mcp-test', version: '0.0.0' });
  await client.connect(transport, NO_TIMEOUT);
  // Recorded before the SDK client handles them: it drops a progress notification read in the
  // same chunk as its call's result (notifications are handled a microtask later, after the
  // result removed the call's progress handler; modelcontextprotocol/typescript-sdk#2580, "a
  // race servers cannot avoid"), so what the server sent is asserted here.
  const wire: JSONRPCMessage[] = [];
  const handle = transport.onmessage;
  transport.onmessage = message => {
    wire.push(message);
    handle?.(message);
  };
  return { client, transport, stderr: () => stderr, wire };
}

let shared: Connected;
before(async () => { shared = await connect(); });
after(async () => { await shared.client.close(); });

/**
 * `run` and `receipt` wait for the final receipt unless the test says otherwise: on a busy
 * machine a program may take longer than the default 30 s wait, and no test may depend on time.
 */
async function call(name: string, args: Record<string, unknown>, client = shared.client,
  onprogress?: (progress: Progress) => void): Promise<CallToolResult> {
  const waiting = (name === 'run' || name === 'receipt') && !('waitSeconds' in args) ? { ...args, waitSeconds: 3600 } : args;
  return await client.callTool({ name, arguments: waiting }, undefined, { ...NO_TIMEOUT, ...(onprogress ? { onprogress } : {}) }) as CallToolResult;
}

function textOf(result: CallToolResult, index = 0): string {
  const item = result.content[index];
  assert.ok(item && item.type === 'text', `content[${index}] is not text: ${JSON.stringify(result.content).slice(0, 500)}`);
  return item.text;
}

/** The receipt (or error document) a tool result carries as its first text. */
function documentOf(result: CallToolResult): any {
  return JSON.parse(textOf(result));
}

function why(result: CallToolResult): string {
  return `${JSON.stringify(result.content).slice(0, 1500)}\n${shared.stderr().slice(-1500)}\n${runtimeLog(home)}`;
}

test('tools/list names the eight tools within 3,600 bytes, schemas from the contract', async () => {
  const listed = await shared.client.listTools(undefined, NO_TIMEOUT);
  const bytes = Buffer.byteLength(JSON.stringify(listed), 'utf8');
  process.stderr.write(`tools/list JSON: ${bytes} bytes for ${listed.tools.length} tools\n`);
  assert.ok(bytes <= 3600, `tools/list is ${bytes} bytes`);
  assert.deepEqual(listed.tools.map(t => t.name), ['run', 'receipt', 'tasks', 'pages', 'release', 'close', 'webmcp_list', 'webmcp_call']);
  const run = listed.tools.find(t => t.name === 'run')!;
  assert.deepEqual(run.inputSchema.required, ['task', 'requestId', 'program']);
  const properties = run.inputSchema.properties as Record<string, { pattern?: string }>;
  assert.equal(properties['task']?.pattern, NAME_PATTERN.source);
  assert.equal(properties['requestId']?.pattern, NAME_PATTERN.source);
  assert.deepEqual(Object.keys(properties).sort(), ['close', 'har', 'isolated', 'page', 'program', 'requestId', 'task', 'timeoutSeconds', 'trace', 'verbose', 'waitSeconds']);
  const instructions = shared.client.getInstructions() ?? '';
  assert.match(instructions, /requestId/);
  assert.match(instructions, /expect/);
  assert.match(instructions, /OUTCOME_UNKNOWN/);
  // What an agent reads (issue 26): observe() to look, not ariaSnapshot; what a failed locator says; closing.
  assert.match(instructions, /return await observe\(\)/);
  assert.doesNotMatch(instructions, /ariaSnapshot/);
  assert.match(instructions, /matchCount 0 and candidates/);
  assert.match(instructions, /close: true/);
});

test('run gives the compact receipt as text, as the CLI prints it; receipt reads the whole one', async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))});
    return { title: await page.title(), heading: await page.getByRole('heading').innerText() };`;
  const ran = await call('run', { task: 'mcp-shop', requestId: 'shop-01', program });
  assert.equal(ran.isError, false, why(ran));
  const compact = documentOf(ran);
  assert.equal(compact.status, 'succeeded');
  assert.deepEqual(compact.result, { title: 'Shop', heading: 'Teas' });
  // The same view as `tabwright run`: the caller knows its own ids.
  // Not home.program: it asks for --verbose.
  const cli = await home.run(['run', '--task', 'mcp-shop', '--request-id', 'shop-01', '--wait', '3600'], { input: program });
  const { replayed, ...cliView } = cli.json;
  assert.equal(replayed, true);
  assert.deepEqual(compact, cliView);
  assert.equal(compact.task, undefined);

  const read = await call('receipt', { task: 'mcp-shop', requestId: 'shop-01' });
  assert.equal(read.isError, false, why(read));
  const whole = documentOf(read);
  assert.equal(whole.task, 'mcp-shop');
  assert.equal(whole.requestId, 'shop-01');
  assert.deepEqual(whole.result, compact.result);
  assert.ok(whole.finishedAt);
  const verbose = documentOf(await call('run', { task: 'mcp-shop', requestId: 'shop-01', program, verbose: true }));
  assert.deepEqual(verbose, { ...whole, replayed: true });

  const tasks = documentOf(await call('tasks', {}));
  assert.ok(tasks.tasks.some((t: { name: string }) => t.name === 'mcp-shop'), JSON.stringify(tasks));
  const pages = documentOf(await call('pages', { task: 'mcp-shop' }));
  assert.ok(pages.pages.some((p: { url: string }) => p.url === server.url('/shop')), JSON.stringify(pages));
  const closed = await call('close', { task: 'mcp-shop' });
  assert.equal(closed.isError, false, why(closed));
  assert.equal(documentOf(closed).task, 'mcp-shop');
});

test('run with close: true ends the task once its receipt is final (a job\'s last step, no close call); receipt still answers', async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))}); return await page.getByRole('heading').innerText();`;
  const ran = await call('run', { task: 'mcp-last', requestId: 'last-01', program, close: true });
  assert.equal(ran.isError, false, why(ran));
  assert.equal(documentOf(ran).result, 'Teas');
  const tasks = documentOf(await call('tasks', {}));
  assert.ok(!tasks.tasks.some((t: { name: string }) => t.name === 'mcp-last'), JSON.stringify(tasks));
  const pages = documentOf(await call('pages', { all: true }));
  assert.ok(!pages.pages.some((p: { task: string | null }) => p.task === 'mcp-last'), JSON.stringify(pages));
  const read = documentOf(await call('receipt', { task: 'mcp-last', requestId: 'last-01' }));
  assert.equal(read.status, 'succeeded', JSON.stringify(read));
});

test('webmcp_list and webmcp_call are programs with receipts; run takes trace', async () => {
  const opened = await call('run', { task: 'mcp-tools', requestId: 'tools-01', program: `await page.goto(${JSON.stringify(server.url('/tools'))});`, trace: true });
  assert.equal(opened.isError, false, why(opened));
  const trace = (documentOf(opened).artifacts as { path: string }[]).find(a => a.path.endsWith('tools-01-trace.zip'));
  assert.ok(trace, why(opened));
  const listed = documentOf(await call('webmcp_list', { task: 'mcp-tools', requestId: 'tools-02' }));
  assert.deepEqual(listed.result.map((t: { name: string }) => t.name), ['set_heading']);
  const refused = await call('webmcp_call', { task: 'mcp-tools', requestId: 'tools-03', name: 'set_heading', args: {} });
  assert.equal(refused.isError, true, why(refused));
  assert.equal(documentOf(refused).error.field, 'text');
  const called = await call('webmcp_call', { task: 'mcp-tools', requestId: 'tools-04', name: 'set_heading', args: { text: 'from MCP' } });
  assert.equal(called.isError, false, why(called));
  assert.deepEqual(documentOf(called).result, { ok: true });
  assert.equal(documentOf(called).mutationState, 'possible');
  const heading = documentOf(await call('run', { task: 'mcp-tools', requestId: 'tools-05', program: 'return await page.locator(\'#out\').innerText();' }));
  assert.equal(heading.result, 'from MCP');
});

test('the same request id twice runs the program once, even from two calls at a time', async () => {
  const program = `await fetch(${JSON.stringify(server.url('/count?rid=twice'))}, { method: 'POST' }); return 'sent';`;
  const first = await call('run', { task: 'mcp-twice', requestId: 'order-01', program });
  assert.equal(documentOf(first).status, 'succeeded', why(first));
  const [again, alsoAgain] = await Promise.all([
    call('run', { task: 'mcp-twice', requestId: 'order-01', program }),
    call('run', { task: 'mcp-twice', requestId: 'order-01', program }),
  ]);
  assert.equal(counts.get('twice'), 1);
  assert.equal(documentOf(first).replayed, undefined);
  for (const repeat of [again, alsoAgain]) {
    assert.equal(repeat.isError, false, why(repeat));
    assert.equal(documentOf(repeat).replayed, true);
    assert.equal(documentOf(repeat).result, 'sent');
  }
  // A changed program under the same id is refused, with the stored receipt, and not run.
  const changed = await call('run', { task: 'mcp-twice', requestId: 'order-01', program: `${program} // changed` });
  assert.equal(changed.isError, true);
  assert.equal(documentOf(changed).error.name, 'RequestIdConflict');
  assert.equal(counts.get('twice'), 1);
});

test('a failing program is isError with the receipt: error.name and call', async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))});
    await page.getByRole('button', { name: 'Sell' }).click({ timeout: 300 });`;
  const failed = await call('run', { task: 'mcp-fail', requestId: 'fail-01', program });
  assert.equal(failed.isError, true, why(failed));
  const receipt = documentOf(failed);
  assert.equal(receipt.status, 'failed');
  assert.equal(receipt.error.name, 'TimeoutError');
  assert.equal(receipt.error.call, 'locator.click');
});

test('a screenshot comes back as image content, and its file receipt in the text', async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))}); return await page.screenshot();`;
  const shot = await call('run', { task: 'mcp-shot', requestId: 'shot-01', program });
  assert.equal(shot.isError, false, why(shot));
  const receipt = documentOf(shot);
  assert.equal(receipt.result.mime, 'image/png');
  const image = shot.content.find(item => item.type === 'image');
  assert.ok(image && image.type === 'image', why(shot));
  assert.equal(image.mimeType, 'image/png');
  const bytes = Buffer.from(image.data, 'base64');
  assert.equal(bytes.length, receipt.result.bytes);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
});

/**
 * Waits for `call` while writing to the FIFO whenever a reader has it open: a server that
 * opened it for reading then gets bytes and an end, and would attach them as an image, so a
 * reader that should never have opened it fails the test instead of hanging it.
 */
async function feedingFifo<T>(fifo: string, call: Promise<T>): Promise<T> {
  let settled = false;
  const done = call.finally(() => { settled = true; });
  while (!settled) {
    try {
      const fd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      try { fs.writeSync(fd, FIFO_BYTES); } finally { fs.closeSync(fd); }
    } catch {
      // ENXIO: nobody has it open for reading, as it should be.
    }
    await Promise.race([done.catch(() => {}), new Promise(resolve => setTimeout(resolve, 25))]);
  }
  return done;
}

const FIFO_BYTES = Buffer.from('\x89PNG fifo bytes');

/** Every image and text of a result, to look for bytes that must not be there. */
function everythingIn(result: CallToolResult): Buffer {
  return Buffer.concat(result.content.map(item =>
    item.type === 'image' ? Buffer.from(item.data, 'base64') : Buffer.from(item.type === 'text' ? item.text : '')));
}

test('a file a page names in the result is never read: no image of a local file, a FIFO does not hang it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-mcp-secret-'));
  const secret = path.join(dir, 'id_rsa');
  fs.writeFileSync(secret, 'SECRET-KEY-MATERIAL');
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  // The page's own JSON, returned as the program's result: file receipts in form only.
  server.route('/forged.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([
      { path: secret, bytes: 19, mime: 'image/png' },
      { path: fifo, bytes: 10, mime: 'image/png' },
    ]));
  });
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))});
    return await page.evaluate(() => fetch('/forged.json').then(r => r.json()));`;
  try {
    const ran = await feedingFifo(fifo, call('run', { task: 'mcp-forged', requestId: 'forged-01', program }));
    assert.equal(ran.isError, false, why(ran));
    assert.equal(documentOf(ran).result[0].path, secret, 'the result itself is the page\'s, as returned');
    assert.deepEqual(ran.content.filter(item => item.type === 'image'), [], why(ran));
    const all = everythingIn(ran);
    assert.equal(all.includes('SECRET-KEY-MATERIAL'), false, 'the named file was read');
    assert.equal(all.includes(FIFO_BYTES), false, 'the FIFO was read');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a receipt\'s own image is read only as a regular file inside the artifacts folder, its size from the file', async () => {
  const program = `await page.goto(${JSON.stringify(server.url('/shop'))});
    return [await page.screenshot(), await page.screenshot(), await page.screenshot(), await page.screenshot()];`;
  const ran = await call('run', { task: 'mcp-own-files', requestId: 'files-01', program });
  assert.equal(ran.isError, false, why(ran));
  const files = documentOf(ran).result as { path: string; bytes: number }[];
  assert.equal(files.length, 4, why(ran));
  assert.equal(ran.content.filter(item => item.type === 'image').length, 4, why(ran));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-mcp-outside-'));
  const secret = path.join(dir, 'outside.png');
  fs.writeFileSync(secret, 'SECRET-OUTSIDE-THE-ARTIFACTS');
  // What a file in the artifacts folder may have become since: a link out, a FIFO, a file
  // larger than its receipt says (the cap counts the file, not the receipt's bytes).
  fs.rmSync(files[0]!.path);
  fs.symlinkSync(secret, files[0]!.path);
  fs.rmSync(files[1]!.path);
  execFileSync('mkfifo', [files[1]!.path]);
  fs.writeFileSync(files[2]!.path, Buffer.concat([fs.readFileSync(files[3]!.path), Buffer.alloc(2 * 1024 * 1024)]));
  try {
    const read = await feedingFifo(files[1]!.path, call('receipt', { task: 'mcp-own-files', requestId: 'files-01' }));
    assert.equal(read.isError, false, why(read));
    const images = read.content.flatMap(item => item.type === 'image' ? [Buffer.from(item.data, 'base64')] : []);
    assert.equal(images.length, 1, why(read));
    assert.deepEqual(images[0], fs.readFileSync(files[3]!.path), 'the untouched screenshot is attached as it is');
    const all = everythingIn(read);
    assert.equal(all.includes('SECRET-OUTSIDE-THE-ARTIFACTS'), false, 'a link out of the artifacts folder was followed');
    assert.equal(all.includes(FIFO_BYTES), false, 'the FIFO was read');
    const leftOut = read.content.filter(item => item.type === 'text').map(item => (item as { text: string }).text).slice(1).join('\n');
    assert.match(leftOut, new RegExp(`${files[0]!.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} not attached: it is not inside the artifacts folder`), leftOut);
    assert.match(leftOut, /not attached: it is not a regular file/, leftOut);
    assert.match(leftOut, /not attached: \d+ bytes; images over 1048576 bytes/, leftOut);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('past waitSeconds the receipt is not final and says how to ask; receipt gives the final one', async () => {
  const program = `await fetch(${JSON.stringify(server.url('/gate?name=slow'))}); return 'done';`;
  const ran = await call('run', { task: 'mcp-slow', requestId: 'slow-01', program, waitSeconds: 0 });
  assert.equal(ran.isError, false, why(ran));
  const pending = documentOf(ran);
  assert.ok(pending.status === 'queued' || pending.status === 'running', why(ran));
  const hint = (pending.hints as string[]).join('\n');
  assert.match(hint, /receipt tool/);
  assert.match(hint, /"requestId":"slow-01"/);
  assert.doesNotMatch(hint, /tabwright receipt --task/);
  await gate('slow').arrived;
  const stillRunning = documentOf(await call('receipt', { task: 'mcp-slow', requestId: 'slow-01', waitSeconds: 0 }));
  assert.equal(stillRunning.status, 'running');
  gate('slow').open();
  const final = await call('receipt', { task: 'mcp-slow', requestId: 'slow-01', waitSeconds: 3600 });
  assert.equal(final.isError, false, why(final));
  assert.equal(documentOf(final).status, 'succeeded');
  assert.equal(documentOf(final).result, 'done');
});

test('progress notifications say running and the console lines when the client asks', async () => {
  const program = `await fetch(${JSON.stringify(server.url('/gate?name=progress'))}); console.log('halfway there'); return 'done';`;
  const seenFrom = shared.wire.length;
  const result = await call('run', { task: 'mcp-progress', requestId: 'progress-01', program, waitSeconds: 3600 }, shared.client, progress => {
    // Seen running: the server follows the program, so the line logged after the gate is seen.
    if (progress.message === 'running') gate('progress').open();
  });
  assert.equal(result.isError, false, why(result));
  assert.equal(documentOf(result).status, 'succeeded');
  // What the server sent before the call's result, in order.
  const sent = shared.wire.slice(seenFrom);
  const answeredAt = sent.findIndex(message => 'result' in message);
  const messages = sent.slice(0, answeredAt).flatMap(message =>
    'method' in message && message.method === 'notifications/progress' ? [String(message.params?.message)] : []);
  assert.ok(answeredAt > 0, `no result on the wire: ${JSON.stringify(sent).slice(0, 500)}`);
  // 'queued' first when the stream began before the program started.
  assert.deepEqual(messages.filter(message => message !== 'queued'), ['running', 'console.log: halfway there', 'succeeded']);
});

test('an MCP server killed mid-program loses nothing: a new one reads the complete receipt', async () => {
  const doomed = await connect();
  const program = `await fetch(${JSON.stringify(server.url('/gate?name=killed'))});
    await fetch(${JSON.stringify(server.url('/count?rid=killed'))}, { method: 'POST' });
    return 'finished without its server';`;
  const pendingCall = call('run', { task: 'mcp-killed', requestId: 'killed-01', program, waitSeconds: 3600 }, doomed.client);
  await gate('killed').arrived;
  const pid = doomed.transport.pid;
  assert.ok(pid);
  process.kill(pid, 'SIGKILL');
  await assert.rejects(pendingCall);
  gate('killed').open();

  const fresh = await connect();
  try {
    const read = await call('receipt', { task: 'mcp-killed', requestId: 'killed-01', waitSeconds: 3600 }, fresh.client);
    assert.equal(read.isError, false, why(read));
    const receipt = documentOf(read);
    assert.equal(receipt.status, 'succeeded');
    assert.equal(receipt.result, 'finished without its server');
    assert.ok(receipt.finishedAt);
    // Asking through run with the same ids returns it too, and runs nothing again.
    const again = await call('run', { task: 'mcp-killed', requestId: 'killed-01', program }, fresh.client);
    assert.equal(documentOf(again).replayed, true);
    assert.equal(documentOf(again).result, 'finished without its server');
    assert.equal(counts.get('killed'), 1);
  } finally {
    await fresh.client.close();
    await doomed.client.close().catch(() => {});
  }
});

test('a cancelled call cancels nothing: the program runs once and its receipt stays retrievable', async () => {
  const program = `await fetch(${JSON.stringify(server.url('/gate?name=cancelled'))});
    await fetch(${JSON.stringify(server.url('/count?rid=cancelled'))}, { method: 'POST' });
    return 'ran to the end';`;
  const abort = new AbortController();
  const pendingCall = shared.client.callTool({ name: 'run', arguments: { task: 'mcp-cancel', requestId: 'cancel-01', program, waitSeconds: 3600 } },
    undefined, { ...NO_TIMEOUT, signal: abort.signal, onprogress: () => {} });
  await gate('cancelled').arrived;
  abort.abort('the user pressed stop');
  await assert.rejects(pendingCall);
  gate('cancelled').open();
  const read = await call('receipt', { task: 'mcp-cancel', requestId: 'cancel-01', waitSeconds: 3600 });
  assert.equal(read.isError, false, why(read));
  assert.equal(documentOf(read).status, 'succeeded');
  assert.equal(documentOf(read).result, 'ran to the end');
  assert.equal(counts.get('cancelled'), 1);
  // The server still answers after a cancellation.
  assert.equal(documentOf(await call('run', { task: 'mcp-cancel', requestId: 'cancel-02', program: 'return 2' })).result, 2);
});

test('bad input is refused by the server with the contract\'s messages, and nothing is queued', async () => {
  const program = 'return 1';
  const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
    [{ task: 'bad task', requestId: 'bad-01', program }, 'InvalidTaskName', invalidName('task name', 'bad task')!],
    [{ task: 'mcp-bad', requestId: 'x'.repeat(129), program }, 'InvalidRequestId', invalidName('request id', 'x'.repeat(129))!],
    [{ task: 'mcp-bad', requestId: 'bad-01', program: '  ' }, 'EmptyProgram', /empty/],
    [{ task: 'mcp-bad', requestId: 'bad-01', program: 'x'.repeat(1024 * 1024 + 1) }, 'ProgramTooLarge', /limit is 1048576 bytes/],
    [{ task: 'mcp-bad', requestId: 'bad-01', program, waitSeconds: -1 }, 'InvalidNumber', /waitSeconds -1 is not a number of seconds/],
    [{ task: 'mcp-bad', requestId: 'bad-01', program, timeoutSeconds: '30' }, 'InvalidNumber', /timeoutSeconds "30"/],
    [{ task: 'mcp-bad', requestId: 'bad-01', program, page: 1.5 }, 'InvalidNumber', /page 1.5/],
    [{ task: 'mcp-bad', requestId: 'bad-01', program, wait: 3 }, 'UnknownArgument', /Unknown argument "wait" for run/],
    [{ task: 'mcp-bad', program }, 'MissingArgument', /run needs requestId/],
  ];
  for (const [args, name, message] of cases) {
    const refused = await call('run', args);
    assert.equal(refused.isError, true, JSON.stringify(args).slice(0, 200));
    const error = documentOf(refused).error;
    assert.equal(error.name, name, textOf(refused));
    if (typeof message === 'string') assert.ok(error.message.startsWith(message), `${error.message} does not start with ${message}`);
    else assert.match(error.message, message);
  }
  const unknown = await call('receipt', { task: 'mcp-bad', requestId: 'bad-01' });
  assert.equal(unknown.isError, true);
  assert.equal(documentOf(unknown).error.name, 'UnknownRequest');
  const tasks = documentOf(await call('tasks', {}));
  assert.ok(!tasks.tasks.some((t: { name: string }) => t.name === 'mcp-bad' || t.name === 'bad task'), JSON.stringify(tasks));
});
