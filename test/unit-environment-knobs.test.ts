// The TABWRIGHT_* variables' table (contract/environmentKnobs.ts): each knob's range, what a bad
// value does, and that no file reads a TABWRIGHT_* variable around it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_KNOBS, environmentProblems, MAX_TIMER_MS, numberKnob, numberKnobSet, pathKnob, switchKnob, type KnobName } from '../contract/environmentKnobs.js';
import { browserAnswerLimitMs } from '../transport/browserAnswer.js';
import { maxActiveTasks, workerHeapCapMb } from '../runtime/tasks/workerMemory.js';
import { PACKAGE_ROOT } from './harness/tabwrightCli.js';

const refused = (env: NodeJS.ProcessEnv) => environmentProblems(env).filter(p => p.onBad === 'refuse').map(p => p.variable);

describe('environment knobs', () => {
  it('a negative, zero or non-decimal TABWRIGHT_RECEIPT_DAYS is refused, naming the variable and the range; a fraction of a day is taken', () => {
    for (const value of ['-1', '0', '-0.5', '1e3', '0x10', 'seven', 'Infinity', '36501']) {
      const [problem] = environmentProblems({ TABWRIGHT_RECEIPT_DAYS: value });
      assert.equal(problem?.onBad, 'refuse', value);
      assert.match(problem!.message, new RegExp(`^TABWRIGHT_RECEIPT_DAYS=${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not accepted`));
      assert.match(problem!.message, /a number of days above 0, at most 36,500/);
      assert.equal(numberKnob({ TABWRIGHT_RECEIPT_DAYS: value }, 'TABWRIGHT_RECEIPT_DAYS'), 7, 'the value read is the default');
    }
    for (const [value, days] of [['0.00001', 0.00001], ['.5', 0.5], [' 14 ', 14], ['36500', 36500]] as const) {
      assert.deepEqual(refused({ TABWRIGHT_RECEIPT_DAYS: value }), [], value);
      assert.equal(numberKnob({ TABWRIGHT_RECEIPT_DAYS: value }, 'TABWRIGHT_RECEIPT_DAYS'), days);
    }
    assert.equal(numberKnob({ TABWRIGHT_RECEIPT_DAYS: '' }, 'TABWRIGHT_RECEIPT_DAYS'), 7, 'empty is unset');
  });

  it('timers stay within what Node\'s setTimeout takes: TABWRIGHT_BROWSER_ANSWER_S up to 2,147,483 s, TABWRIGHT_IDLE_MINUTES up to 35,791', () => {
    assert.deepEqual(refused({ TABWRIGHT_BROWSER_ANSWER_S: '2147484' }), ['TABWRIGHT_BROWSER_ANSWER_S']);
    assert.deepEqual(refused({ TABWRIGHT_BROWSER_ANSWER_S: '2147483' }), []);
    assert.ok(browserAnswerLimitMs({ TABWRIGHT_BROWSER_ANSWER_S: '2147483' }) <= MAX_TIMER_MS);
    assert.equal(browserAnswerLimitMs({ TABWRIGHT_BROWSER_ANSWER_S: '2147484' }), 60_000, 'never a timer Node would fire at once');
    assert.equal(browserAnswerLimitMs({ TABWRIGHT_BROWSER_ANSWER_S: '0.5' }), 500);
    assert.deepEqual(refused({ TABWRIGHT_IDLE_MINUTES: '35792' }), ['TABWRIGHT_IDLE_MINUTES']);
    assert.ok(numberKnob({ TABWRIGHT_IDLE_MINUTES: '35791' }, 'TABWRIGHT_IDLE_MINUTES') * 60_000 <= MAX_TIMER_MS);
    assert.equal(numberKnob({ TABWRIGHT_IDLE_MINUTES: '0.02' }, 'TABWRIGHT_IDLE_MINUTES'), 0.02);
  });

  it('tasks and heap: whole numbers in range, refused otherwise', () => {
    for (const value of ['0', '65', '2.5', '-3']) assert.deepEqual(refused({ TABWRIGHT_MAX_TASKS: value }), ['TABWRIGHT_MAX_TASKS'], value);
    assert.equal(maxActiveTasks({ TABWRIGHT_MAX_TASKS: '32' }), 32);
    assert.equal(maxActiveTasks({ TABWRIGHT_MAX_TASKS: '0' }), 8);
    for (const value of ['63', '4097', '200.5']) assert.deepEqual(refused({ TABWRIGHT_WORKER_HEAP_MB: value }), ['TABWRIGHT_WORKER_HEAP_MB'], value);
    assert.equal(numberKnobSet({}, 'TABWRIGHT_WORKER_HEAP_MB'), undefined);
    assert.equal(workerHeapCapMb({ totalMemoryBytes: 24 * 2 ** 30, maxActive: 8 }, numberKnobSet({ TABWRIGHT_WORKER_HEAP_MB: '200' }, 'TABWRIGHT_WORKER_HEAP_MB')), 200);
  });

  it('switches: an unknown word of a display or diagnosis switch is ignored (the default); TABWRIGHT_REMOTE_BROWSER\'s is refused', () => {
    const problems = environmentProblems({ TABWRIGHT_HEADED: 'yes', TABWRIGHT_CODE_CACHE: 'off', TABWRIGHT_DEBUG_MUTATIONS: 'true', TABWRIGHT_REMOTE_BROWSER: 'yes' });
    assert.deepEqual(problems.map(p => [p.variable, p.onBad]), [
      ['TABWRIGHT_HEADED', 'ignore'], ['TABWRIGHT_CODE_CACHE', 'ignore'], ['TABWRIGHT_REMOTE_BROWSER', 'refuse'], ['TABWRIGHT_DEBUG_MUTATIONS', 'ignore'],
    ]);
    assert.match(problems[0]!.message, /TABWRIGHT_HEADED=yes is not accepted .*: it is ignored: the default \(0 \(headless\)\) applies; set 0 or 1/);
    assert.equal(switchKnob({ TABWRIGHT_HEADED: 'yes' }, 'TABWRIGHT_HEADED'), undefined);
    assert.equal(switchKnob({ TABWRIGHT_HEADED: '1' }, 'TABWRIGHT_HEADED'), true);
    assert.equal(switchKnob({ TABWRIGHT_CODE_CACHE: '0' }, 'TABWRIGHT_CODE_CACHE'), false);
    assert.equal(switchKnob({ TABWRIGHT_REMOTE_BROWSER: 'constructor' }, 'TABWRIGHT_REMOTE_BROWSER'), undefined, 'no word from Object.prototype');
    assert.equal(pathKnob({ TABWRIGHT_HOME: '' }, 'TABWRIGHT_HOME'), undefined);
  });

  it('no source file reads a TABWRIGHT_* variable except through the table, and every variable the table has is read somewhere', () => {
    const reads = /\benv(?:\.|\[['"])(TABWRIGHT_[A-Z0-9_]+)\b(?!['"]?\]?\s*=[^=])/g;
    const offenders: string[] = [];
    const used = new Set<string>();
    const visit = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
          const text = fs.readFileSync(file, 'utf8');
          for (const match of text.matchAll(reads)) offenders.push(`${path.relative(PACKAGE_ROOT, file)}: ${match[0]}`);
          for (const match of text.matchAll(/Knob(?:Set)?\([^,]+,\s*'(TABWRIGHT_[A-Z0-9_]+)'/g)) used.add(match[1]!);
        }
      }
    };
    for (const folder of ['contract', 'transport', 'router', 'runtime', 'cli', 'mcp']) visit(path.join(PACKAGE_ROOT, folder));
    assert.deepEqual(offenders, []);
    assert.deepEqual(Object.keys(ENVIRONMENT_KNOBS).filter(name => !used.has(name as KnobName)), []);
  });
});
