// The worker tells the main thread of a program call only once it has lasted TOLD_AFTER_MS
// (runtime/worker/programCalls.ts): a short call costs no message, a long one is told with the
// time it began (a running receipt says how long it waits) and its end is told too. Playwright's
// client instrumentation is stood in for by the object it hands listeners; the clock is mocked.
// The end-to-end test of a running receipt naming a stuck call is test/release-hint.test.ts.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ProgramCalls, TOLD_AFTER_MS } from '../runtime/worker/program/programCalls.js';
import type { ProgramCallReport } from '../runtime/programs/workerProtocol.js';
import { asRuntime } from '../runtime/worker/effects/pageCodeCalls.js';

interface Listener {
  onApiCallBegin(zone: object, call: { type: string; method: string }): void;
  onApiCallEnd(zone: object): void;
}

function standIn(): { context: BrowserContext; begin(apiName: string, line?: number): object; end(zone: object): void } {
  const listeners: Listener[] = [];
  const context = { _instrumentation: { addListener: (l: Listener) => listeners.push(l) } } as unknown as BrowserContext;
  return {
    context,
    begin(apiName, line) {
      const zone = { apiName, frames: line === undefined ? [] : [{ file: 'program.js', line }] };
      for (const l of listeners) l.onApiCallBegin(zone, { type: 'Frame', method: 'evaluateExpression' });
      return zone;
    },
    end(zone) {
      for (const l of listeners) l.onApiCallEnd(zone);
    },
  };
}

describe('program calls told to the main thread', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('a call shorter than the threshold is never told; a longer one is, with when it began, and so is its end', () => {
    const told: [string, ProgramCallReport][] = [];
    const calls = new ProgramCalls((requestId, call) => told.push([requestId, call]));
    const pw = standIn();
    calls.watch(pw.context);
    calls.begin('r1');
    const click = pw.begin('locator.click', 3);
    mock.timers.tick(40);
    pw.end(click);
    mock.timers.tick(TOLD_AFTER_MS * 2);
    assert.deepEqual(told, [], 'a click of 40 ms costs no message');

    const held = pw.begin('page.evaluate', 2);
    mock.timers.tick(300);
    const later = pw.begin('page.waitForTimeout', 5);
    mock.timers.tick(TOLD_AFTER_MS - 300);
    assert.deepEqual(told, [['r1', { phase: 'began', id: 2, name: 'page.evaluate', line: 2, at: 1_000_000 + 40 + TOLD_AFTER_MS * 2 }]]);
    mock.timers.tick(300);
    assert.equal(told.length, 2, 'the second is told once it too has lasted the threshold');
    assert.deepEqual(told[1][1], { phase: 'began', id: 3, name: 'page.waitForTimeout', line: 5, at: 1_000_000 + 40 + TOLD_AFTER_MS * 2 + 300 });
    pw.end(held);
    assert.deepEqual(told[2], ['r1', { phase: 'ended', id: 2 }]);
    calls.end();
    pw.end(later);
    assert.equal(told.length, 3, 'nothing is told after the program ended');
  });

  it('the runtime\'s own calls and calls outside a program are not the program\'s', () => {
    const told: ProgramCallReport[] = [];
    const calls = new ProgramCalls((_r, call) => told.push(call));
    const pw = standIn();
    calls.watch(pw.context);
    pw.begin('page.title');
    calls.begin('r2');
    asRuntime(() => pw.begin('locator.ariaSnapshot'));
    mock.timers.tick(TOLD_AFTER_MS * 3);
    assert.deepEqual(told, []);
    calls.end();
  });
});
