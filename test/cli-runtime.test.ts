// The CLI against fake runtimes: exit codes, one JSON document on stdout, lost connections,
// and starting a (fake) runtime detached. The CLI runs as a child process (node bin/tabwright.js).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { HOME_MARK } from '../contract/homeFolder.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const version = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

interface CliResult { code: number | null; stdout: string; stderr: string; document: unknown }

interface CliOptions {
  onSpawn?: (kill: (signal: NodeJS.Signals) => void) => void;
  env?: Record<string, string>;
}

function runCli(root: string, home: string, args: string[], stdin = '', options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'tabwright.js'), ...args], {
      env: { ...process.env, ...options.env, TABWRIGHT_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      let document: unknown;
      try {
        document = JSON.parse(stdout);
      } catch {
        reject(new Error(`stdout is not one JSON document (exit ${code}): ${stdout}\nstderr: ${stderr}`));
        return;
      }
      resolvePromise({ code, stdout, stderr, document });
    });
    child.stdin.end(stdin);
    options.onSpawn?.((signal) => child.kill(signal));
  });
}

function errorOf(result: CliResult): { name: string; message: string; [field: string]: unknown } {
  const document = result.document as { error?: { name: string; message: string } };
  assert.ok(document.error, `expected an error document, got ${result.stdout}`);
  return document.error;
}

function receipt(task: string, requestId: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { task, requestId, status, mutationState: 'none', queuedAt: new Date(0).toISOString(), ...extra };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => resolveBody(body));
  });
}

interface Submission { task: string; wait: string | null; body: Record<string, unknown> }

/** A fake runtime whose behaviour is chosen by the request id. */
class FakeRuntime {
  readonly home = mkdtempSync(join(tmpdir(), 'tw-cli-'));
  readonly submissions: Submission[] = [];
  runtimeVersion = version;
  versionRefusals = 0;
  tasks: unknown[] = [];
  private readonly server: Server = createServer((request, response) => { void this.answer(request, response); });
  private readonly held = new Set<ServerResponse>();
  onSubmitted: (() => void) | undefined;

  start(): Promise<void> {
    return new Promise((resolveStart) => this.server.listen(join(this.home, 'runtime.sock'), resolveStart));
  }

  stop(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    return new Promise((resolveStop) => this.server.close(() => {
      rmSync(this.home, { recursive: true, force: true });
      resolveStop();
    }));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://runtime');
    const body = await readBody(request);
    if (request.method === 'GET' && url.pathname === '/v1/status') {
      sendJson(response, 200, { version: this.runtimeVersion, pid: process.pid, startedAt: new Date(0).toISOString(), home: this.home, browser: null, activeTasks: 0, maxTasks: 8 });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/tasks') {
      sendJson(response, 200, { tasks: this.tasks });
      return;
    }
    const program = /^\/v1\/tasks\/([^/]+)\/programs$/.exec(url.pathname);
    if (request.method === 'POST' && program) {
      const task = decodeURIComponent(program[1]!);
      // The API's version check (contract/api.ts VERSION_HEADER): refused before anything is registered.
      const named = request.headers['tabwright-version'];
      if (named !== undefined && named !== this.runtimeVersion) {
        this.versionRefusals++;
        sendJson(response, 409, { error: { name: 'VersionMismatch', message: `runtime ${this.runtimeVersion}, CLI ${String(named)}`, runtimeVersion: this.runtimeVersion } });
        return;
      }
      const submitted = JSON.parse(body) as Record<string, unknown>;
      this.submissions.push({ task, wait: url.searchParams.get('wait'), body: submitted });
      this.onSubmitted?.();
      const requestId = String(submitted['requestId']);
      switch (requestId) {
        case 'ok': sendJson(response, 200, { receipt: receipt(task, requestId, 'succeeded', { result: 42 }), created: true }); return;
        case 'fail': sendJson(response, 200, { receipt: receipt(task, requestId, 'failed', { error: { name: 'Error', message: 'boom' } }), created: true }); return;
        case 'slow': sendJson(response, 200, { receipt: receipt(task, requestId, 'running'), created: true }); return;
        case 'queued': sendJson(response, 200, { receipt: receipt(task, requestId, 'queued'), created: true }); return;
        case 'cut': sendJson(response, 200, { receipt: receipt(task, requestId, 'interrupted', { outcome: 'OUTCOME_UNKNOWN', mutationState: 'possible' }), created: true }); return;
        case 'conflict':
          sendJson(response, 409, { error: { name: 'RequestIdConflict', message: 'request id conflict', receipt: receipt(task, requestId, 'succeeded') } });
          return;
        case 'limit': sendJson(response, 429, { error: { name: 'TaskLimitReached', message: 'eight tasks are active' } }); return;
        case 'broken': sendJson(response, 500, { error: { name: 'RuntimeError', message: 'database is locked' } }); return;
        case 'drop': request.socket.destroy(); return;
        case 'hold': this.held.add(response); return;
        default: sendJson(response, 500, { error: { name: 'RuntimeError', message: `unexpected request id ${requestId}` } }); return;
      }
    }
    const receiptPath = /^\/v1\/tasks\/([^/]+)\/receipts\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && receiptPath) {
      const [task, requestId] = [decodeURIComponent(receiptPath[1]!), decodeURIComponent(receiptPath[2]!)];
      if (requestId === 'ok') sendJson(response, 200, { receipt: receipt(task, requestId, 'succeeded') });
      else if (requestId === 'drop') request.socket.destroy();
      else sendJson(response, 404, { error: { name: 'UnknownRequest', message: `no request ${requestId} in task ${task}` } });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/tasks/t/receipts') {
      sendJson(response, 200, { receipts: [receipt('t', 'ok', 'succeeded')], limit: url.searchParams.get('limit') });
      return;
    }
    sendJson(response, 404, { error: { name: 'UsageError', message: `no route ${request.method} ${url.pathname}` } });
  }
}

describe('the CLI against a fake runtime', () => {
  const runtime = new FakeRuntime();
  const cli = (args: string[], stdin = 'return 42;', options: CliOptions = {}): Promise<CliResult> => runCli(packageRoot, runtime.home, args, stdin, options);
  const run = (requestId: string, ...extra: string[]): Promise<CliResult> => cli(['run', '--task', 't', '--request-id', requestId, ...extra]);

  before(() => runtime.start());
  after(() => runtime.stop());

  it('exit 0: prints the succeeded receipt itself, on one line', async () => {
    const result = await run('ok');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.document, receipt('t', 'ok', 'succeeded', { result: 42 }));
    assert.equal(result.stdout.trimEnd().split('\n').length, 1);
    assert.ok(result.stdout.endsWith('}\n'));
  });

  it('sends one request with the program, the defaults and the optional fields', async () => {
    runtime.submissions.length = 0;
    await run('ok');
    await cli(['run', '--task', 't', '--request-id', 'ok', '--wait', '2.5', '--timeout', '9', '--page', '4', '--isolated', '--max-inline', '100'], 'return 1;');
    assert.equal(runtime.submissions.length, 2);
    assert.deepEqual(runtime.submissions[0], { task: 't', wait: '30', body: { requestId: 'ok', program: 'return 42;', timeoutS: 300 } });
    assert.deepEqual(runtime.submissions[1], {
      task: 't', wait: '2.5', body: { requestId: 'ok', program: 'return 1;', timeoutS: 9, page: 4, isolated: true, maxInline: 100 },
    });
  });

  it('--pretty indents the same document', async () => {
    const result = await cli(['--pretty', 'run', '--task', 't', '--request-id', 'ok']);
    assert.equal(result.code, 0);
    assert.ok(result.stdout.includes('\n  "status": "succeeded"'));
  });

  it('exit 1: failed', async () => {
    const result = await run('fail');
    assert.equal(result.code, 1);
    assert.equal((result.document as { status: string }).status, 'failed');
  });

  it('exit 3: not final within --wait, the receipt as it stands and nothing else', async () => {
    for (const requestId of ['slow', 'queued']) {
      const result = await run(requestId, '--wait', '0');
      assert.equal(result.code, 3);
      assert.deepEqual(Object.keys(result.document as object).sort(), ['mutationState', 'queuedAt', 'requestId', 'status', 'task']);
    }
  });

  it('exit 4: interrupted', async () => {
    const result = await run('cut');
    assert.equal(result.code, 4);
    assert.equal((result.document as { outcome: string }).outcome, 'OUTCOME_UNKNOWN');
  });

  it('exit 6: request id used for a different program, with the existing receipt', async () => {
    const result = await run('conflict');
    assert.equal(result.code, 6);
    const error = errorOf(result);
    assert.equal(error.name, 'RequestIdConflict');
    assert.equal((error['receipt'] as { status: string }).status, 'succeeded');
  });

  it('exit 2: API usage errors; exit 5: RuntimeError after submitting says how to query the receipt', async () => {
    const limit = await run('limit');
    assert.equal(limit.code, 2);
    assert.equal(errorOf(limit).name, 'TaskLimitReached');
    const broken = await run('broken');
    assert.equal(broken.code, 5);
    assert.ok(errorOf(broken).message.includes('tabwright receipt --task t --request-id broken'));
  });

  it('exit 5: the connection drops after the program was sent, naming the exact receipt command', async () => {
    const result = await run('drop');
    assert.equal(result.code, 5);
    const error = errorOf(result);
    assert.equal(error.name, 'OutcomeUnknown');
    assert.ok(error.message.includes('`tabwright receipt --task t --request-id drop`'), error.message);
    assert.ok(!/unreachable/i.test(error.message), error.message);
  });

  it('exit 5: stopped by a signal while waiting, naming the exact receipt command', async () => {
    runtime.onSubmitted = undefined;
    const result = await cli(['run', '--task', 't', '--request-id', 'hold', '--wait', '20'], 'return 1;', {
      onSpawn: (kill: (signal: NodeJS.Signals) => void) => { runtime.onSubmitted = () => setTimeout(() => kill('SIGTERM'), 50); },
    });
    runtime.onSubmitted = undefined;
    assert.equal(result.code, 5);
    assert.ok(errorOf(result).message.includes('tabwright receipt --task t --request-id hold'));
  });

  it('receipt: exit 0 for a known one, exit 2 for an unknown request, exit 5 when the answer is lost', async () => {
    const known = await cli(['receipt', '--task', 't', '--request-id', 'ok']);
    assert.equal(known.code, 0);
    assert.equal((known.document as { status: string }).status, 'succeeded');
    const unknown = await cli(['receipt', '--task', 't', '--request-id', 'never']);
    assert.equal(unknown.code, 2);
    assert.equal(errorOf(unknown).name, 'UnknownRequest');
    const lost = await cli(['receipt', '--task', 't', '--request-id', 'drop']);
    assert.equal(lost.code, 5);
  });

  it('receipts and other commands print the answer as it stands; unknown routes map to exit 2', async () => {
    const receipts = await cli(['receipts', '--task', 't', '--limit', '3']);
    assert.equal(receipts.code, 0);
    assert.equal((receipts.document as { limit: string }).limit, '3');
    const endpoint = await cli(['endpoint', '--task', 't']);
    assert.equal(endpoint.code, 2);
    assert.equal(errorOf(endpoint).name, 'UsageError');
  });

  it('usage errors exit 2 and submit nothing', async () => {
    runtime.submissions.length = 0;
    const cases: [string[], string, string][] = [
      [['run', '--task', 'bad name', '--request-id', 'r'], 'return 1;', 'InvalidTaskName'],
      [['run', '--task', 't', '--request-id', 'r'], '  \n ', 'EmptyProgram'],
      [['run', '--task', 't', '--request-id', 'r'], 'x'.repeat(1_048_577), 'ProgramTooLarge'],
      [['run', '--task', 't', '--request-id', 'r', '--file', join(runtime.home, 'missing.js')], '', 'UnreadableFile'],
      [['run', '--task', 't', '--request-id', 'r', '--frobnicate'], 'return 1;', 'UnknownFlag'],
    ];
    for (const [args, stdin, name] of cases) {
      const result = await cli(args, stdin);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stdout}`);
      assert.equal(errorOf(result).name, name);
    }
    assert.equal(runtime.submissions.length, 0);
  });

  it('a runtime of another version with programs running is kept, with a warning on stderr', async () => {
    runtime.runtimeVersion = '0.0.0-other';
    runtime.tasks = [{ name: 't', state: 'active', running: 1, queued: 0 }];
    runtime.submissions.length = 0;
    runtime.versionRefusals = 0;
    try {
      const result = await run('ok');
      assert.equal(result.code, 0);
      assert.match(result.stderr, /version 0\.0\.0-other/);
      // The first try (with this CLI's version) was refused; the program was registered once, after the warning.
      assert.equal(runtime.versionRefusals, 1);
      assert.equal(runtime.submissions.length, 1);
    } finally {
      runtime.runtimeVersion = version;
      runtime.tasks = [];
    }
  });

  it('runtime status reports a running runtime without changing it', async () => {
    const result = await cli(['runtime', 'status']);
    assert.equal(result.code, 0);
    assert.equal((result.document as { running: boolean; version: string }).running, true);
  });
});

/**
 * A fake runtime program for the launcher: takes a lock, listens on the socket, answers
 * status and stop. FAKE_RUNTIME_FAIL makes it fail the way a runtime without a browser does.
 */
const FAKE_RUNTIME_MAIN = `
const { createServer } = require('node:http');
const { openSync, unlinkSync, existsSync, readFileSync, writeFileSync, appendFileSync } = require('node:fs');
const { join } = require('node:path');
const home = process.env.TABWRIGHT_HOME;
appendFileSync(join(home, 'starts'), process.pid + ' ' + (process.env.TABWRIGHT_BROWSER ?? '') + '\\n');
if (process.env.FAKE_RUNTIME_FAIL) {
  console.error('runtime: starting');
  console.error('runtime: no browser found: set TABWRIGHT_BROWSER');
  process.exit(1);
}
let lock;
try { lock = openSync(join(home, 'lock'), 'wx'); } catch { console.error('another runtime is running'); process.exit(0); }
setTimeout(() => {
const socket = join(home, 'runtime.sock');
if (existsSync(socket)) unlinkSync(socket);
const version = readFileSync(join(home, 'version'), 'utf8');
const server = createServer((request, response) => {
  const send = (body) => { response.setHeader('content-type', 'application/json'); response.end(JSON.stringify(body)); };
  if (request.url === '/v1/status') return send({ version, pid: process.pid, browser: null, activeTasks: 0, maxTasks: 8 });
  if (request.url === '/v1/tasks') return send({ tasks: [] });
  if (request.url === '/v1/runtime/stop') {
    send({ stopping: true });
    setTimeout(() => { server.close(); server.closeAllConnections(); unlinkSync(join(home, 'lock')); process.exit(0); }, 50);
    return;
  }
  response.statusCode = 404; send({ error: { name: 'UsageError', message: 'no route' } });
});
server.listen(socket);
}, 150);
`;

/** A runtime that holds the lock until told on stdin to fail: its last log line names exit code 5, as a runtime that cannot open its storage. */
const FAILING_HOLDER = `
const { appendFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const home = process.env.TABWRIGHT_HOME;
writeFileSync(join(home, 'runtime.lock'), String(process.pid));
process.stdout.write('holding\\n');
process.stdin.once('data', () => {
  const line = { level: 50, time: new Date().toISOString(), pid: process.pid, startExit: 5, msg: 'receipts.db is not a readable SQLite database: moved aside' };
  appendFileSync(join(home, 'runtime.log'), JSON.stringify(line) + '\\n');
  process.exit(5);
});
`;

describe('starting the runtime', () => {
  // A copy of the package whose runtime entry (dist/runtime/bundle/main.cjs, CommonJS) is the fake above.
  const root = mkdtempSync(join(tmpdir(), 'tw-cli-pkg-'));
  const homes: string[] = [];
  const newHome = (runtimeVersion = version): string => {
    const home = mkdtempSync(join(tmpdir(), 'tw-cli-home-'));
    // Marked as a tabwright home: the fake runtime reads its version from a file of its own.
    writeFileSync(join(home, HOME_MARK), '');
    writeFileSync(join(home, 'version'), runtimeVersion);
    homes.push(home);
    return home;
  };

  before(() => {
    cpSync(join(packageRoot, 'bin'), join(root, 'bin'), { recursive: true });
    cpSync(join(packageRoot, 'package.json'), join(root, 'package.json'));
    cpSync(join(packageRoot, 'dist', 'cli'), join(root, 'dist', 'cli'), { recursive: true });
    mkdirSync(join(root, 'dist', 'runtime', 'bundle'), { recursive: true });
    // The one folder the CLI shares with the runtime: the dependency-free contract.
    cpSync(join(packageRoot, 'dist', 'contract'), join(root, 'dist', 'contract'), { recursive: true });
    writeFileSync(join(root, 'dist', 'runtime', 'bundle', 'main.cjs'), FAKE_RUNTIME_MAIN);
    mkdirSync(join(root, 'skill', 'references'), { recursive: true });
    writeFileSync(join(root, 'skill', 'SKILL.md'), '# tabwright skill\n');
    writeFileSync(join(root, 'skill', 'references', 'api.md'), 'reference\n');
  });

  after(async () => {
    for (const home of homes) {
      if (existsSync(join(home, 'runtime.sock'))) await runCli(root, home, ['runtime', 'stop']);
      rmSync(home, { recursive: true, force: true });
    }
    rmSync(root, { recursive: true, force: true });
  });

  const starts = (home: string): string[] => readFileSync(join(home, 'starts'), 'utf8').trim().split('\n');

  it('starts it on first use, then stops it', async () => {
    const home = newHome();
    const status = await runCli(root, home, ['runtime', 'status']);
    assert.deepEqual(status.document, { running: false, home });
    const started = await runCli(root, home, ['runtime', 'start', '--browser', process.execPath]);
    assert.equal(started.code, 0, started.stdout);
    assert.equal((started.document as { running: boolean }).running, true);
    assert.match(started.stderr, /starting the runtime/);
    assert.deepEqual(starts(home).map((line) => line.split(' ')[1]), [process.execPath]);
    const stopped = await runCli(root, home, ['runtime', 'stop']);
    assert.deepEqual(stopped.document, { stopped: true, wasRunning: true });
    const again = await runCli(root, home, ['runtime', 'stop']);
    assert.deepEqual(again.document, { stopped: true, wasRunning: false });
  });

  it('two CLIs starting at once end up talking to one runtime', async () => {
    const home = newHome();
    const [first, second] = await Promise.all([runCli(root, home, ['runtime', 'start']), runCli(root, home, ['runtime', 'start'])]);
    assert.equal(first.code, 0, first.stdout);
    assert.equal(second.code, 0, second.stdout);
    assert.equal((first.document as { pid: number }).pid, (second.document as { pid: number }).pid);
  });

  it('a lock held by a live process: the CLI waits for that runtime, and starts one only if none answers', async () => {
    const home = newHome();
    // This test's own process holds the lock, as a runtime that is starting does (the native
    // client started it a moment ago): no socket, so nothing answers, and after a while the CLI
    // starts a runtime after all (the fake, which keeps a lock of its own).
    writeFileSync(join(home, 'runtime.lock'), String(process.pid));
    const started = await runCli(root, home, ['runtime', 'start']);
    assert.equal(started.code, 0, started.stdout + started.stderr);
    assert.match(started.stderr, new RegExp(`the runtime is starting \\(pid ${process.pid};`));
    assert.doesNotMatch(started.stderr, /starting the runtime/);
    assert.equal(starts(home).length, 1, 'one runtime started, once none answered');
  });

  it('a lock holder that fails while the CLI waits for it: its last line says why, and no runtime is started after it', async () => {
    const home = newHome();
    // A runtime the native client started and handed over while it was still starting: alive,
    // holding the lock, when the CLI looks; then it fails as one that found receipts.db corrupt
    // does (moved aside: a runtime started after it would run the program and nobody be told).
    const holder = spawn(process.execPath, ['-e', FAILING_HOLDER], { env: { ...process.env, TABWRIGHT_HOME: home }, stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise((holding) => holder.stdout.once('data', holding));
    const cli = spawn(process.execPath, [join(root, 'bin', 'tabwright.js'), 'runtime', 'start'], { env: { ...process.env, TABWRIGHT_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const waiting = new Promise<void>((resolveWaiting) => cli.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`the runtime is starting (pid ${holder.pid};`)) resolveWaiting();
    }));
    const closed = new Promise<number | null>((resolveClosed) => cli.on('close', resolveClosed));
    await waiting;
    holder.stdin.end('fail\n');
    assert.equal(await closed, 5, stdout + stderr);
    assert.match(stdout, /exited with code 5 before answering/);
    assert.match(stdout, /receipts\.db is not a readable SQLite database/);
    assert.equal(existsSync(join(home, 'starts')), false, 'no runtime was started after it');
  });

  it('replaces an idle runtime of another version', async () => {
    const home = newHome('0.0.0-old');
    const old = await runCli(root, home, ['runtime', 'start']);
    assert.equal(old.code, 0, old.stdout);
    writeFileSync(join(home, 'version'), version);
    const fresh = await runCli(root, home, ['runtime', 'status']);
    assert.equal((fresh.document as { version: string }).version, '0.0.0-old', 'status must not restart it');
    const restarted = await runCli(root, home, ['runtime', 'start']);
    assert.equal(restarted.code, 0, restarted.stdout);
    assert.equal((restarted.document as { version: string }).version, version);
    assert.notEqual((restarted.document as { pid: number }).pid, (old.document as { pid: number }).pid);
    assert.match(restarted.stderr, /restarting/);
  });

  it('skill prints SKILL.md; skill install copies it idempotently', async () => {
    const home = newHome();
    const printed = await new Promise<string>((resolvePrint) => {
      const child = spawn(process.execPath, [join(root, 'bin', 'tabwright.js'), 'skill'], { env: { ...process.env, TABWRIGHT_HOME: home } });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
      child.on('close', () => resolvePrint(stdout));
    });
    assert.equal(printed, '# tabwright skill\n');
    const target = join(home, 'skills');
    for (let round = 0; round < 2; round += 1) {
      const result = await runCli(root, home, ['skill', 'install', '--dir', target]);
      assert.equal(result.code, 0, result.stdout);
      assert.deepEqual(result.document, { installed: [join(target, 'tabwright')] });
      if (round === 0) writeFileSync(join(target, 'tabwright', 'references', 'stale.md'), 'from an older version');
    }
    assert.ok(!existsSync(join(target, 'tabwright', 'references', 'stale.md')));
    assert.equal(readFileSync(join(target, 'tabwright', 'SKILL.md'), 'utf8'), '# tabwright skill\n');
    assert.equal(readFileSync(join(target, 'tabwright', 'references', 'api.md'), 'utf8'), 'reference\n');
  });

  it('refuses a TABWRIGHT_HOME that is someone else\'s folder before touching anything in it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tw-cli-not-a-home-'));
    homes.push(home);
    // A project folder: files of its own, and names tabwright would chmod, remove or replace.
    writeFileSync(join(home, 'notes.txt'), 'mine');
    writeFileSync(join(home, 'start.json'), '{"mine": true}');
    mkdirSync(join(home, 'playwright'));
    writeFileSync(join(home, 'playwright', 'keep.txt'), 'mine');
    chmodSync(home, 0o755);
    for (const args of [['runtime', 'start'], ['runtime', 'start', '--block-origin', 'example.com'], ['tasks']]) {
      const result = await runCli(root, home, args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stdout}`);
      const error = errorOf(result);
      assert.equal(error.name, 'NotATabwrightHome');
      assert.match(error.message, /is a folder that is not a tabwright home/);
      assert.match(error.message, /notes\.txt/);
    }
    assert.equal(statSync(home).mode & 0o777, 0o755, 'its mode was changed');
    assert.deepEqual(readdirSync(home).sort(), ['notes.txt', 'playwright', 'start.json'], 'something was written or removed');
    assert.equal(readFileSync(join(home, 'start.json'), 'utf8'), '{"mine": true}');
    assert.equal(readFileSync(join(home, 'playwright', 'keep.txt'), 'utf8'), 'mine');
  });

  it('an existing home from before the mark keeps working, and is marked', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tw-cli-old-home-'));
    homes.push(home);
    writeFileSync(join(home, 'receipts.db'), '');
    writeFileSync(join(home, 'notes.txt'), 'the user put this here');
    writeFileSync(join(home, 'version'), version);
    const started = await runCli(root, home, ['runtime', 'start']);
    assert.equal(started.code, 0, started.stdout);
    assert.ok(existsSync(join(home, HOME_MARK)));
  });

  it('exit 5 with the runtime log when the runtime exits before answering', async () => {
    const home = newHome();
    const result = await runCli(root, home, ['tasks'], '', { env: { FAKE_RUNTIME_FAIL: '1' } });
    assert.equal(result.code, 5);
    const error = errorOf(result);
    assert.equal(error.name, 'RuntimeStartFailed');
    assert.ok(error.message.includes('no browser found'), error.message);
    assert.ok(error.message.includes('TABWRIGHT_BROWSER=/path/to/chrome'), error.message);
  });

  it('a stale socket left by a killed runtime is not mistaken for a runtime', async () => {
    const home = newHome();
    const socket = join(home, 'runtime.sock');
    // A process that listens on the socket and is killed leaves the socket file behind.
    const listener = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => console.log('up'))`]);
    await new Promise<void>((resolveUp) => listener.stdout.once('data', () => resolveUp()));
    const exited = new Promise<void>((resolveExit) => listener.once('exit', () => resolveExit()));
    listener.kill('SIGKILL');
    await exited;
    assert.ok(existsSync(socket));
    const result = await runCli(root, home, ['tasks']);
    assert.equal(result.code, 0, result.stdout);
    assert.deepEqual(result.document, { tasks: [] });
  });
});
