// The runtime's API socket under hostile or careless clients: 100 at once, requests cut in the
// middle of the body, bodies over the limit, malformed JSON, clients that send a byte at a time
// or stall. Each is answered or refused with an error that says what was wrong; no request id
// is registered twice; the runtime keeps serving everyone else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { TabwrightHome, hasBrowser, runtimeLog, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let socketPath: string;
const executions = new Map<string, number>();

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-api-socket-' });
  server = await FixtureServer.start();
  server.route('/exec', (req, res) => {
    const rid = new URL(req.url ?? '/', server.origin).searchParams.get('rid') ?? '';
    executions.set(rid, (executions.get(rid) ?? 0) + 1);
    res.writeHead(200).end('ok');
  });
  const warm = await home.program('api-warm', 'w', 'return 1');
  assert.equal(warm.code, 0, `${warm.stdout}${warm.stderr}${runtimeLog(home)}`);
  socketPath = path.join(home.home, 'runtime.sock');
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

interface Answer { status: number; body: any }

function request(method: string, urlPath: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = http.request({ socketPath, method, path: urlPath, headers: text === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, res => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', chunk => { data += chunk; });
      res.on('end', () => {
        let parsed: unknown = data;
        try { parsed = JSON.parse(data); } catch { /* kept as text */ }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** Raw bytes on the socket; resolves when the runtime closes it, with whatever it answered. */
function raw(chunks: (string | Buffer)[], options: { endAfter?: boolean; destroyAfter?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('data', chunk => { answer += chunk; });
    socket.on('error', error => (answer ? resolve(answer) : reject(error)));
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (options.destroyAfter) socket.destroy();
      else if (options.endAfter) socket.end();
    });
  });
}

const programFor = (rid: string) => `await fetch(${JSON.stringify(`${server.origin}/exec?rid=${rid}`)}); return ${JSON.stringify(rid)};`;

test('100 concurrent clients, five per request id: each id registered once and run once, every client answered', { skip, timeout: testTimeout(4) }, async () => {
  const ids = Array.from({ length: 20 }, (_, i) => `c-${i}`);
  const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => {
    const requestId = ids[n % ids.length];
    const task = `api-${n % 2}`;
    return request('POST', `/v1/tasks/${task}/programs?wait=0`, { requestId, program: programFor(`${task}/${requestId}`) }).then(a => ({ task, requestId, a }));
  }));
  for (const { a } of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  const created = new Map<string, number>();
  for (const { task, requestId, a } of answers) if (a.body.created) created.set(`${task}/${requestId}`, (created.get(`${task}/${requestId}`) ?? 0) + 1);
  // 20 ids over 2 tasks: ids with an even index land in api-0, odd in api-1 (n % 20 and n % 2 agree).
  assert.equal(created.size, 20, JSON.stringify([...created]));
  for (const [rid, count] of created) assert.equal(count, 1, `${rid} registered ${count} times`);
  for (const rid of created.keys()) {
    const [task, requestId] = rid.split('/');
    const final = await request('GET', `/v1/tasks/${task}/receipts/${requestId}?wait=240`);
    assert.equal(final.body.receipt.status, 'succeeded', JSON.stringify(final.body));
    assert.equal(executions.get(rid), 1, `${rid} ran ${executions.get(rid)} times`);
  }
});

test('a request cut in the middle of its body registers nothing; the runtime keeps serving', { skip, timeout: testTimeout(1) }, async () => {
  const body = JSON.stringify({ requestId: 'cut-1', program: programFor('api-cut/cut-1') });
  const head = `POST /v1/tasks/api-cut/programs?wait=0 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  await raw([head, body.slice(0, Math.floor(body.length / 2))], { destroyAfter: true });
  // A half-sent body then a half-closed socket: refused or dropped, never registered.
  await raw([head, body.slice(0, 10)], { endAfter: true });
  const status = await request('GET', '/v1/status');
  assert.equal(status.status, 200);
  const receipt = await request('GET', '/v1/tasks/api-cut/receipts/cut-1');
  assert.equal(receipt.status, 404, JSON.stringify(receipt.body));
  assert.equal(receipt.body.error.name, 'UnknownRequest');
  assert.equal(executions.get('api-cut/cut-1'), undefined);
});

test('an oversize body and malformed JSON are refused with errors that say what was wrong', { skip, timeout: testTimeout(1) }, async () => {
  // The runtime answers 413 from the Content-Length alone. Sent only the head, the client reads
  // that answer every time: a body the runtime never reads would make the kernel reset the
  // socket as the runtime closes it, which can discard the answer already sent.
  const bigBody = JSON.stringify({ requestId: 'big-1', program: `return '${'x'.repeat(5 * 1024 * 1024)}'` });
  const bigHead = `POST /v1/tasks/api-big/programs?wait=0 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(bigBody)}\r\nConnection: close\r\n\r\n`;
  const bigAnswer = await raw([bigHead]);
  assert.match(bigAnswer, /^HTTP\/1\.1 413 /, `the runtime answered: ${JSON.stringify(bigAnswer.slice(0, 500))}`);
  const big = JSON.parse(bigAnswer.slice(bigAnswer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, ''));
  assert.equal(big.error.name, 'UsageError');
  assert.match(big.error.message, /MiB/);
  // Sent whole, the body registers nothing either (its answer may be lost to that reset).
  await raw([bigHead, bigBody], { endAfter: true }).catch(() => '');
  const malformed = await request('POST', '/v1/tasks/api-big/programs?wait=0', '{"requestId": "m-1", "program": ');
  assert.equal(malformed.status, 400, JSON.stringify(malformed.body));
  assert.equal(malformed.body.error.name, 'UsageError');
  assert.match(malformed.body.error.message, /JSON/);
  const missing = await request('POST', '/v1/tasks/api-big/programs?wait=0', { program: 'return 1' });
  assert.equal(missing.status, 400, JSON.stringify(missing.body));
  assert.match(missing.body.error.message, /request id|requestId/i);
  for (const requestId of ['big-1', 'm-1']) {
    const receipt = await request('GET', `/v1/tasks/api-big/receipts/${requestId}`);
    assert.equal(receipt.status, 404, `${requestId}: ${JSON.stringify(receipt.body)}`);
  }
});

test('slow senders are answered when their body is complete, and stalled ones do not hold up anyone else', { skip, timeout: testTimeout(2) }, async () => {
  const stalled = Array.from({ length: 20 }, () => {
    const socket = net.connect(socketPath);
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write('POST /v1/tasks/api-slow/programs?wait=0 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"requ'));
    return socket;
  });
  try {
    const body = JSON.stringify({ requestId: 'slow-1', program: programFor('api-slow/slow-1') });
    const head = `POST /v1/tasks/api-slow/programs?wait=240 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const slow = new Promise<string>((resolve, reject) => {
      const socket = net.connect(socketPath);
      let answer = '';
      socket.on('data', chunk => { answer += chunk; });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.on('connect', async () => {
        socket.write(head);
        // The body in 20 pieces, 50 ms apart.
        const step = Math.ceil(body.length / 20);
        for (let i = 0; i < body.length; i += step) {
          socket.write(body.slice(i, i + step));
          await new Promise(r => setTimeout(r, 50));
        }
      });
    });
    // Meanwhile the runtime answers others.
    const status = await request('GET', '/v1/status');
    assert.equal(status.status, 200);
    const other = await request('POST', '/v1/tasks/api-fast/programs?wait=240', { requestId: 'fast-1', program: 'return 2' });
    assert.equal(other.body.receipt.status, 'succeeded', JSON.stringify(other.body));
    const answer = await slow;
    assert.match(answer, /^HTTP\/1\.1 200/);
    assert.match(answer, /"status":"succeeded"/);
    assert.equal(executions.get('api-slow/slow-1'), 1);
  } finally {
    for (const socket of stalled) socket.destroy();
  }
  assert.equal((await request('GET', '/v1/status')).status, 200);
});

test('task names . and .. are refused on the socket too: nothing is registered and no file lands in the home', { skip, timeout: testTimeout(3) }, async () => {
  for (const [task, encoded] of [['..', '%2E%2E'], ['.', '%2E']] as const) {
    const requestId = `dots-${task.length}`;
    const answer = await request('POST', `/v1/tasks/${encoded}/programs?wait=240`, { requestId, program: 'return await page.screenshot();' });
    assert.equal(answer.status, 400, `${task}: ${JSON.stringify(answer.body)}`);
    assert.match(answer.body.error.message, /Invalid task name/, JSON.stringify(answer.body));
    assert.match(answer.body.error.message, /not \. or \.\./, JSON.stringify(answer.body));
    const receipt = await request('GET', `/v1/tasks/${encoded}/receipts/${requestId}`);
    assert.notEqual(receipt.status, 200, JSON.stringify(receipt.body));
    const stray = fs.readdirSync(home.home).filter(name => name.startsWith(`${requestId}-`));
    assert.deepEqual(stray, [], 'a task\'s file was written into TABWRIGHT_HOME itself');
    assert.deepEqual(fs.readdirSync(path.join(home.home, 'artifacts')).filter(name => name.startsWith(`${requestId}-`)), []);
  }
  // Three dots are a name like any other.
  const dots = await request('POST', '/v1/tasks/.../programs?wait=240', { requestId: 'dots-3', program: 'return 3;' });
  assert.equal(dots.status, 200, JSON.stringify(dots.body));
  assert.equal(dots.body.receipt.result, 3);
});

test('the API socket is private to its user: mode 0600 in a home of mode 0700', { skip }, () => {
  assert.equal(fs.statSync(socketPath).mode & 0o777, 0o600);
  assert.equal(fs.statSync(home.home).mode & 0o777, 0o700);
});
