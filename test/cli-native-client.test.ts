// The native client (client/tabwright.c, run by bin/tabwright.js as an installed command runs
// it) must be indistinguishable from the Node CLI but for time: the same stdout byte for byte,
// the same exit code, one registration per request id; and whatever it does not handle itself
// (no runtime, another version, a runtime without its route, bad arguments, an empty program)
// the Node CLI handles, with the program still on its standard input.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI, PACKAGE_ROOT, TabwrightHome, type CliResult } from './harness/tabwrightCli.js';

const CLIENT = path.join(PACKAGE_ROOT, 'dist', 'client', 'tabwright');
const built = fs.existsSync(CLIENT);
const skip = built ? false : 'no native client in dist/client (no C compiler when building): the CLI is all Node';

/** Fields that differ between two receipts of the same program run twice. */
const VOLATILE = new Set(['requestId', 'queuedAt', 'startedAt', 'finishedAt', 'durationMs']);
function steady(document: unknown): unknown {
  return JSON.parse(JSON.stringify(document), (key, value) => (VOLATILE.has(key) ? undefined : value));
}

function sameOutput(native: CliResult, node: CliResult, what: string): void {
  assert.equal(native.stdout, node.stdout, `${what}: stdout differs`);
  assert.equal(native.code, node.code, `${what}: exit code differs`);
}

describe('native client against a real runtime', { skip }, () => {
  let home: TabwrightHome;
  const native = (args: string[], input: string) => home.run(args, { input, asInstalled: true, timeoutMs: 300_000 });
  const node = (args: string[], input: string) => home.run(args, { input, asInstalled: false, timeoutMs: 300_000 });
  // An --isolated program gets a task of its own: a task that exists without its own context
  // refuses --isolated (TaskIsolationMismatch).
  const run = (requestId: string, ...extra: string[]) => ['run', '--task', extra.includes('--isolated') ? 'native-isolated' : 'native', '--request-id', requestId, ...(extra.includes('--wait') ? [] : ['--wait', '240']), ...extra];

  before(() => { home = new TabwrightHome({ prefix: 'tw-native-' }); });
  after(async () => { await home?.dispose(); });

  // Who starts it (the native client, then the Node CLI waits for it): cli-native-client-start.test.ts.
  test('with no runtime it hands over to the Node CLI, and the program runs in a runtime started for it', async () => {
    const first = await native(run('cold'), 'return 40 + 2');
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.deepEqual(first.json, { status: 'succeeded', mutationState: 'none', result: 42 });
  });

  test('a receipt prints byte for byte as the Node CLI prints it, with its exit code', async () => {
    const programs: [string, string, string[]][] = [
      ['ok', 'return { a: [1, "two"], b: null }', []],
      ['threw', 'throw new TypeError("no such thing")', []],
      ['verbose', 'return "whole receipt"', ['--verbose']],
      ['options', 'return 7', ['--timeout', '0060', '--max-inline', '100', '--isolated']],
    ];
    for (const [id, program, extra] of programs) {
      const created = await node(run(id, ...extra), program);
      const replayedByNative = await native(run(id, ...extra), program);
      const replayedByNode = await node(run(id, ...extra), program);
      sameOutput(replayedByNative, replayedByNode, `replay of ${id}`);
      assert.equal(replayedByNative.json.replayed, true);
      const fresh = await native(run(`${id}-native`, ...extra), program);
      assert.equal(fresh.code, created.code, `${id}: ${fresh.stdout}`);
      assert.deepEqual(steady(fresh.json), steady(created.json), `${id}: the native client's own receipt`);
    }
  });

  test('refusals print as the Node CLI prints them: a changed program, a program still running', async () => {
    await node(run('conflict'), 'return 1');
    sameOutput(await native(run('conflict'), 'return 2'), await node(run('conflict'), 'return 2'), 'RequestIdConflict');
    const slow = 'await new Promise(r => setTimeout(r, 3000)); return 1';
    const running = await native(run('slow', '--wait', '0'), slow);
    assert.equal(running.code, 3, running.stdout);
    sameOutput(await native(run('slow', '--wait', '0'), slow), await node(run('slow', '--wait', '0'), slow), 'not final within --wait');
  });

  test('a program with control characters and invalid UTF-8 arrives as the Node CLI sends it', async () => {
    const program = Buffer.concat([Buffer.from('return "a\x01\x1f\\\\ \u00e9 \u2028 '), Buffer.from([0xff, 0xc3]), Buffer.from('"')]).toString('latin1');
    const viaNode = await home.run(run('bytes-node'), { input: Buffer.from(program, 'latin1'), asInstalled: false });
    const viaNative = await home.run(run('bytes-native'), { input: Buffer.from(program, 'latin1'), asInstalled: true });
    assert.equal(viaNode.code, 0, viaNode.stdout);
    assert.equal(viaNative.stdout, viaNode.stdout);
  });

  test('what it does not handle, the Node CLI does, with the same stdin', async () => {
    const cases: [string[], string][] = [
      [['run', '--task', 'bad name', '--request-id', 'x'], 'return 1'],
      [['run', '--task', 'native', '--request-id', 'empty'], ' \n\t\u00a0\ufeff'],
      [['run', '--task', 'native', '--request-id', 'pretty', '--pretty'], 'return 1'],
      [['run', '--task=native', '--request-id', 'equals'], 'return 1'],
      [['run', '--task', 'native', '--request-id', 'half', '--wait', '0.5'], 'return 1'],
      [['receipt', '--task', 'native', '--request-id', 'cold'], ''],
    ];
    for (const [args, input] of cases) {
      const viaNative = await native(args, input);
      const viaNode = await node(args, input);
      if (args.includes('--pretty') || args.includes('--task=native') || args.includes('0.5')) {
        // Registered by the first of the two: the second is its replay.
        assert.equal(viaNative.code, 0, viaNative.stdout);
        assert.equal(viaNode.json.replayed, true);
        continue;
      }
      sameOutput(viaNative, viaNode, args.join(' '));
    }
  });

  test('a client of another version hands over without registering; the program runs once', async () => {
    const other = path.join(home.home, 'client-other');
    try {
      execFileSync(process.env['CC'] || 'cc', ['-O2', '-DTABWRIGHT_VERSION="0.0.0-other"', '-I', path.dirname(CLIENT), '-o', other, path.join(PACKAGE_ROOT, 'client', 'tabwright.c'), path.join(PACKAGE_ROOT, 'client', 'runtimeStart.c')]);
    } catch {
      return; // the built client proves a compiler was there; one that is gone since has nothing to test
    }
    const counted = 'state.runs = (state.runs ?? 0) + 1; return state.runs';
    await node(run('count-start'), counted);
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(other, [CLI, ...run('count-other')], { env: home.env(), stdio: ['pipe', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', d => { stdout += d; });
      child.on('error', reject);
      child.on('close', code => resolve({ code, stdout }));
      child.stdin.end(counted);
    });
    assert.equal(result.code, 0, result.stdout);
    const receipt = JSON.parse(result.stdout);
    assert.equal(receipt.replayed, undefined, 'registered by the Node CLI, not before it');
    assert.equal(receipt.result, 2);
  });

  test('an installed command reached through a symbolic link finds its client', async () => {
    // A PATH with readlink (the launcher resolves the link with it) and no node.
    const tools = fs.mkdtempSync(path.join(home.home, 'tools-'));
    fs.symlinkSync(execFileSync('sh', ['-c', 'command -v readlink'], { encoding: 'utf8' }).trim(), path.join(tools, 'readlink'));
    const link = path.join(tools, 'tabwright');
    fs.symlinkSync(path.relative(tools, CLI), link);
    const started = Date.now();
    const result = await new Promise<string>((resolve, reject) => {
      const child = spawn(link, run('linked'), { env: { ...home.env(), PATH: tools }, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', d => { stdout += d; });
      child.on('error', reject);
      child.on('close', () => resolve(stdout));
      child.stdin.end('return "linked"');
    });
    // With no node on PATH only the native client can have answered.
    assert.deepEqual(JSON.parse(result), { status: 'succeeded', mutationState: 'none', result: 'linked' }, `after ${Date.now() - started} ms`);
  });
});

/** A stand-in runtime on the socket that does what `answer` says with each request it reads whole. */
function fakeRuntime(home: string, answer: (request: string, socket: net.Socket) => void): Promise<{ requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = net.createServer(socket => {
    let text = '';
    socket.on('data', chunk => {
      text += chunk.toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (split >= 0 && text.length - split - 4 >= length) {
        requests.push(text);
        answer(text, socket);
      }
    });
    socket.on('error', () => {});
  });
  return new Promise(resolve => server.listen(path.join(home, 'runtime.sock'), () => resolve({
    requests,
    close: () => new Promise<void>(done => server.close(() => done())),
  })));
}

describe('native client outcomes after sending', { skip }, () => {
  let home: TabwrightHome;
  before(() => { home = new TabwrightHome({ prefix: 'tw-native-fake-' }); });
  after(() => fs.rmSync(home.home, { recursive: true, force: true }));
  const args = ['run', '--task', 'fake', '--request-id', 'r1', '--wait', '5'];

  test('a connection closed before the answer: OutcomeUnknown, exit 5, as the Node CLI says it', async () => {
    const fake = await fakeRuntime(home.home, (_request, socket) => socket.end());
    try {
      const viaNative = await home.run(args, { input: 'return 1', asInstalled: true });
      const viaNode = await home.run(args, { input: 'return 1', asInstalled: false });
      assert.equal(viaNative.code, 5);
      assert.equal(viaNative.json.error.name, 'OutcomeUnknown');
      sameOutput(viaNative, viaNode, 'lost connection');
      assert.match(fake.requests[0]!, /^POST \/v1\/tasks\/fake\/programs\/as-cli\?wait=5&view=compact HTTP\/1\.0\r\n/);
    } finally {
      await fake.close();
    }
  });

  test('a signal while it waits: OutcomeUnknown naming the signal, exit 5, as the Node CLI says it', async () => {
    const fake = await fakeRuntime(home.home, () => {});
    try {
      const stopped = async (asInstalled: boolean) => {
        const seen = fake.requests.length;
        const child = spawn(asInstalled ? CLI : process.execPath, asInstalled ? args : [CLI, ...args], { env: home.env(), stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        child.stdout.on('data', d => { stdout += d; });
        child.stdin.end('return 1');
        while (fake.requests.length === seen) await new Promise(r => setTimeout(r, 20));
        child.kill('SIGTERM');
        const code = await new Promise<number | null>(resolve => child.on('close', resolve));
        return { code, stdout, stderr: '', json: JSON.parse(stdout) } satisfies CliResult;
      };
      const viaNative = await stopped(true);
      assert.equal(viaNative.code, 5);
      assert.match(viaNative.json.error.message, /^The CLI was stopped by SIGTERM after sending the program\./);
      sameOutput(viaNative, await stopped(false), 'SIGTERM');
    } finally {
      await fake.close();
    }
  });

  test('a runtime without its route (404) registered nothing: the Node CLI submits, once', async () => {
    const receipt = JSON.stringify({ receipt: { status: 'succeeded', mutationState: 'none', result: 1 }, created: true });
    const fake = await fakeRuntime(home.home, (request, socket) => {
      const body = request.includes('/as-cli') ? '{"error":{"name":"UsageError","message":"Route not found"}}' : receipt;
      const status = request.includes('/as-cli') ? '404 Not Found' : '200 OK';
      socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    try {
      const viaNative = await home.run(args, { input: 'return 1', asInstalled: true });
      assert.equal(viaNative.code, 0, viaNative.stdout + viaNative.stderr);
      assert.equal(viaNative.stdout, '{"status":"succeeded","mutationState":"none","result":1}\n');
      assert.deepEqual(fake.requests.map(r => r.split(' ')[1]), ['/v1/tasks/fake/programs/as-cli?wait=5&view=compact', '/v1/tasks/fake/programs?wait=5&view=compact']);
      assert.equal(JSON.parse(fake.requests[1]!.split('\r\n\r\n')[1]!).program, 'return 1');
    } finally {
      await fake.close();
    }
  });
});

test('the build made the native client wherever a C compiler is', () => {
  let compiler = true;
  try { execFileSync('sh', ['-c', `command -v "${process.env['CC'] || 'cc'}"`], { stdio: 'ignore' }); } catch { compiler = false; }
  if (compiler) assert.ok(built, `${CLIENT} is missing though a compiler is on PATH: run npm run build`);
  assert.ok(os.platform() !== 'win32' || !built);
});
