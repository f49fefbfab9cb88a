// A `tabwright run` submits without asking the runtime's status first (one round trip), naming
// its version in a header: a runtime of another version must refuse before registering
// anything, and the CLI must then do what the status probe did before: replace an idle
// runtime, keep a busy one (with a warning), and submit the program exactly once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PACKAGE_ROOT, TabwrightHome, type CliResult } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

const SKEWED = '0.0.0-skewed';
let home: TabwrightHome;
let skewedPackage: string;

before(() => {
  home = new TabwrightHome({ prefix: 'tw-version-' });
  // A copy of the CLI whose package.json names another version; its runtime entry is the real one.
  skewedPackage = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-skewed-cli-'));
  fs.mkdirSync(path.join(skewedPackage, 'dist', 'cli'), { recursive: true });
  fs.cpSync(path.join(PACKAGE_ROOT, 'bin'), path.join(skewedPackage, 'bin'), { recursive: true });
  fs.copyFileSync(path.join(PACKAGE_ROOT, 'dist', 'cli', 'bundle.cjs'), path.join(skewedPackage, 'dist', 'cli', 'bundle.cjs'));
  fs.symlinkSync(path.join(PACKAGE_ROOT, 'dist', 'runtime'), path.join(skewedPackage, 'dist', 'runtime'));
  fs.writeFileSync(path.join(skewedPackage, 'package.json'), JSON.stringify({ name: 'tabwright', version: SKEWED }));
});

after(async () => {
  await home?.dispose();
  fs.rmSync(skewedPackage, { recursive: true, force: true });
});

function skewedRun(task: string, requestId: string, program: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(skewedPackage, 'bin', 'tabwright.js'), 'run', '--task', task, '--request-id', requestId, '--wait', '240'], { env: home.env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', d => { stdout += d; });
    child.stderr.on('data', d => { stderr += d; });
    child.on('error', reject);
    child.on('close', code => {
      let json: unknown;
      try { json = JSON.parse(stdout); } catch { json = undefined; }
      resolve({ code, stdout, stderr, json });
    });
    child.stdin.end(program);
  });
}

/** POST a program straight to the socket with a version header, as the CLI's first try does. */
function postWithVersion(version: string, task: string, requestId: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify({ requestId, program: 'return 1' }));
    const req = http.request({
      socketPath: path.join(home.home, 'runtime.sock'), method: 'POST', path: `/v1/tasks/${task}/programs?wait=0`,
      headers: { 'content-type': 'application/json', 'content-length': payload.length, 'tabwright-version': version },
    }, res => {
      let text = '';
      res.on('data', d => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

test('a runtime of another version refuses a versioned submission and registers nothing', { timeout: 300_000 }, async () => {
  const started = await home.compactProgram('a', 'a-1', 'return 1');
  assert.equal(started.code, 0, explain(started, home));
  const refused = await postWithVersion(SKEWED, 'a', 'a-2');
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error.name, 'VersionMismatch');
  assert.match(refused.body.error.message, new RegExp(`the CLI is ${SKEWED.replace(/\./g, '\\.')}: nothing was registered`));
  const receipt = await home.run(['receipt', '--task', 'a', '--request-id', 'a-2']);
  assert.equal(receipt.json?.error?.name, 'UnknownRequest', `a-2 was never registered: ${receipt.stdout}`);
});

test('the CLI replaces an idle runtime of another version, then runs the program once', { timeout: 300_000 }, async () => {
  const before = home.runtimePid();
  const r = await skewedRun('a', 'a-3', 'return 3');
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 3);
  assert.match(r.stderr, new RegExp(`the runtime is version [^;]+, this CLI is ${SKEWED.replace(/\./g, '\\.')}; no programs are running, so restarting it`));
  assert.notEqual(home.runtimePid(), before, 'a new runtime');
  const again = await home.program('a', 'a-3', 'return 3');
  assert.equal(again.json.status, 'succeeded', 'the same request id answers with the stored receipt');
});

test('the CLI leaves a busy runtime of another version up, warns, and runs the program there', { timeout: 300_000 }, async () => {
  const busy = await home.compactProgram('b', 'b-1', 'await new Promise(() => {});', ['--wait', '0', '--timeout', '120']);
  assert.equal(busy.code, 3, explain(busy, home));
  const before = home.runtimePid();
  const r = await skewedRun('c', 'c-1', 'return 4');
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 4);
  assert.match(r.stderr, /it has programs running or queued, so it stays up/);
  assert.equal(home.runtimePid(), before, 'the same runtime');
});
