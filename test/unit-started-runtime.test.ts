// cli/startedRuntime.ts: the variable the native client sets for the runtime it started and handed
// over counts as a failure only for that runtime's own recent last line once it is gone: an agent's
// shell that sets it to anything else gets a runtime started as usual, not a failure it cannot get
// rid of.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { nativeStartedRuntime, startExit, type StartExit } from '../cli/startedRuntime.js';
import { NATIVE_STARTED, START_EXIT_FIELD } from '../contract/runtimeProcess.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-native-ended-'));
after(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A pid no process has: past any pid_max. */
const GONE = 4_194_400;
const NOW = Date.parse('2026-12-07T10:00:00.000Z');

function logWith(lines: object[], before = ''): string {
  const file = path.join(folder, `runtime-${Math.random().toString(36).slice(2)}.log`);
  fs.writeFileSync(file, before + lines.map(line => JSON.stringify(line)).join('\n') + '\n');
  return file;
}

/** How the runtime the variable names ended, as the launcher reads it. */
function ended(env: NodeJS.ProcessEnv, log: string, now: number): StartExit | undefined {
  const runtime = nativeStartedRuntime(env);
  return runtime && startExit(runtime, log, now);
}

const failed = (pid: number, time: string, code = 69) => ({ level: 50, time, pid, [START_EXIT_FIELD]: code, msg: 'receipts.db is not a readable SQLite database' });

describe('the runtime the native client started', () => {
  it('is its last line\'s exit code when that pid is gone and the line is after the offset and recent', () => {
    const earlier = '{"level":30,"time":"2026-12-07T09:00:00.000Z","pid":1,"msg":"an older runtime"}\n';
    const log = logWith([{ level: 30, time: '2026-12-07T09:59:58.000Z', pid: GONE, msg: 'starting' }, failed(GONE, '2026-12-07T09:59:59.000Z')], earlier);
    assert.deepEqual(ended({ [NATIVE_STARTED]: `${GONE}:${earlier.length}` }, log, NOW), { pid: GONE, code: 69, at: Date.parse('2026-12-07T09:59:59.000Z'), logOffset: earlier.length });
  });

  it('is nothing for a live pid, another pid\'s line, an old line, a line before the offset, or a malformed value', () => {
    const log = logWith([failed(GONE, '2026-12-07T09:59:59.000Z')]);
    const size = fs.statSync(log).size;
    assert.equal(ended({ [NATIVE_STARTED]: `${process.pid}:0` }, logWith([failed(process.pid, '2026-12-07T09:59:59.000Z')]), NOW), undefined, 'alive');
    assert.equal(ended({ [NATIVE_STARTED]: `${GONE + 1}:0` }, log, NOW), undefined, 'another pid wrote it');
    assert.equal(ended({ [NATIVE_STARTED]: `${GONE}:0` }, logWith([failed(GONE, '2026-12-07T09:50:00.000Z')]), NOW), undefined, 'ten minutes old');
    assert.equal(ended({ [NATIVE_STARTED]: `${GONE}:${size}` }, log, NOW), undefined, 'before the offset');
    assert.equal(ended({ [NATIVE_STARTED]: `${GONE}:${size + 10}` }, log, NOW), undefined, 'an offset past the end');
    for (const value of ['', 'x', `${GONE}`, `-1:0`, `${GONE}:0:1`, `${GONE}: 0`]) assert.equal(ended({ [NATIVE_STARTED]: value }, log, NOW), undefined, value);
    assert.equal(ended({}, log, NOW), undefined, 'unset');
    assert.equal(ended({ [NATIVE_STARTED]: `${GONE}:0` }, path.join(folder, 'no-such.log'), NOW), undefined, 'no log');
  });
});
