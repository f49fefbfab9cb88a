// runtime.log: bounded by copy-and-truncate rotation (runtime/runtimeLogFile.ts), one pino
// format for every part that logs (runtime/runtimeLog.ts), and what lower layers report reaches
// it through the logger they are given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuntimeLogFile } from '../runtime/runtimeLogFile.js';
import { CdpConnection, type CdpWire } from '../transport/cdpConnection.js';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { recordingLog } from './harness/recordingLog.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

function tempLog(): { file: string; fd: number; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-runtime-log-'));
  const file = path.join(dir, 'runtime.log');
  // As the CLI opens it for the runtime's stdout and stderr (cli/runtimeLauncher.ts).
  const fd = fs.openSync(file, 'a', 0o600);
  return { file, fd, dispose: () => { fs.closeSync(fd); fs.rmSync(dir, { recursive: true, force: true }); } };
}

const line = (n: number) => `${JSON.stringify({ n, msg: 'x'.repeat(80) })}\n`;

test('past its size the log is copied to runtime.log.1 and emptied in place; the older ones shift, the oldest goes', () => {
  const { file, fd, dispose } = tempLog();
  try {
    const log = new RuntimeLogFile(file, fd, { maxBytes: 1000, keep: 2 });
    for (let n = 0; n < 60; n++) log.write(line(n));
    const current = fs.readFileSync(file, 'utf8');
    const first = fs.readFileSync(`${file}.1`, 'utf8');
    const second = fs.readFileSync(`${file}.2`, 'utf8');
    assert.ok(!fs.existsSync(`${file}.3`), 'only two rotated files are kept');
    for (const [name, text] of [['runtime.log', current], ['runtime.log.1', first], ['runtime.log.2', second]] as const)
      assert.ok(Buffer.byteLength(text) <= 1000 + line(0).length, `${name} is ${Buffer.byteLength(text)} bytes`);
    // Nothing lost between the kept files, and in order: .2, then .1, then the current one.
    const numbers = `${second}${first}${current}`.trim().split('\n').map(text => (JSON.parse(text) as { n: number }).n);
    assert.equal(numbers.at(-1), 59);
    assert.deepEqual(numbers, numbers.map((_, i) => numbers[0]! + i));
  } finally {
    dispose();
  }
});

test('another writer of the same file (the runtime\'s stderr) writes at the start again after the rotation', () => {
  const { file, fd, dispose } = tempLog();
  const stderr = fs.openSync(file, 'a');
  try {
    fs.writeSync(stderr, 'y'.repeat(2000));
    const log = new RuntimeLogFile(file, fd, { maxBytes: 1000, keep: 1 });
    log.write(line(1));
    fs.writeSync(stderr, 'from stderr\n');
    assert.equal(fs.readFileSync(file, 'utf8'), `${line(1)}from stderr\n`, 'no hole where the old bytes were');
    assert.equal(fs.readFileSync(`${file}.1`, 'utf8'), 'y'.repeat(2000));
  } finally {
    fs.closeSync(stderr);
    dispose();
  }
});

test('a descriptor that is not the named file (a runtime started by hand on a terminal) is never rotated', () => {
  const { file, fd, dispose } = tempLog();
  const other = `${file}.other`;
  const otherFd = fs.openSync(other, 'a');
  try {
    const log = new RuntimeLogFile(file, otherFd, { maxBytes: 100, keep: 1 });
    for (let n = 0; n < 5; n++) log.write(line(n));
    assert.ok(!fs.existsSync(`${file}.1`));
    assert.equal(fs.readFileSync(other, 'utf8').split('\n').length, 6);
  } finally {
    fs.closeSync(otherFd);
    dispose();
  }
});

test('a browser message whose handling throws is dropped and said in the connection\'s log, with the error', () => {
  let deliver: (text: string) => void = () => {};
  const wire: CdpWire = { write: () => {}, onMessage: listener => { deliver = listener; }, onClose: () => {}, close: () => {} };
  const { log, lines } = recordingLog();
  const cdp = new CdpConnection(wire, log.child({ part: 'cdp' }));
  cdp.listenToSession('S', () => { throw new Error('listener broke'); });
  deliver('{"method":"Page.loadEventFired","params":{"timestamp":1},"sessionId":"S"}');
  const said = lines.find(entry => entry.level === 50);
  assert.ok(said, JSON.stringify(lines));
  assert.equal(said.part, 'cdp');
  assert.match(said.msg, /dropped a browser message.*listener broke/);
  assert.match(String((said.err as { stack?: string }).stack), /listener broke/);
  // The connection goes on: a later message is handled.
  const seen: string[] = [];
  cdp.listenToSession('S', event => seen.push(event.method));
  deliver('{"method":"Page.loadEventFired","params":{"timestamp":2},"sessionId":"S"}');
  assert.deepEqual(seen, ['Page.loadEventFired']);
});

test('a runtime starting on a runtime.log past its size rotates it; its own lines are pino JSON in the new one', { skip, timeout: 300_000 }, async () => {
  const home = new TabwrightHome('tw-runtime-log-e2e-');
  const file = path.join(home.home, 'runtime.log');
  const oldLine = `${JSON.stringify({ msg: 'from the last runtime' })}\n`;
  const old = oldLine.repeat(Math.ceil(10.5 * 1024 * 1024 / oldLine.length));
  fs.writeFileSync(file, old, { mode: 0o600 });
  try {
    const listed = await home.run(['tasks']);
    assert.equal(listed.code, 0, listed.stdout + runtimeLog(home));
    assert.equal(fs.readFileSync(`${file}.1`, 'utf8'), old, 'the old log is kept whole as runtime.log.1');
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    const listening = lines.flatMap(text => { try { return [JSON.parse(text) as { msg: string; time: string }]; } catch { return []; } })
      .find(entry => /^runtime .* listening on /.test(entry.msg));
    assert.ok(listening, lines.join('\n'));
    assert.match(listening.time, /^\d{4}-\d\d-\d\dT/);
    assert.ok(fs.statSync(file).size < 1024 * 1024, `runtime.log is ${fs.statSync(file).size} bytes`);
  } finally {
    await home.dispose();
  }
});
