// The controlled suite of ../shared/brief.md, reduced to 12 pairs per scenario (same
// proportions), through the real CLI, runtime and Chromium. Its verdicts are exact: every
// locator/expect attempt is correct or stops without sending input, every control attempt hits
// what the brief says it hits. bench/controlled.ts runs the full 192 pairs.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { runControlled, type ControlledResult } from '../bench/controlled.js';
import { hasBrowser } from './harness/tabwrightCli.js';

describe('controlled suite (reduced)', { skip: hasBrowser() ? false : 'no browser on this machine', timeout: 900_000 }, () => {
  let result: ControlledResult;

  before(async () => {
    // Longer deadlines than the brief's 500/700 ms: the verdicts do not depend on them, and a
    // clear click must not time out because CI runs two suites on two cores.
    result = await runControlled({ reduced: true, clickTimeoutMs: 2000, saveDeadlineMs: 1500, budgetMs: 840_000 });
  }, { timeout: 900_000 });

  const row = (scenario: string) => {
    const index = result.rows.findIndex(r => r.scenario === scenario);
    return { got: result.rows[index], want: result.expectedRows[index] };
  };
  const failures = (scenario: string) =>
    JSON.stringify(result.attempts.filter(a => a.scenario === scenario && a.verdict === 'wrong' && a.arm !== 'control'), null, 1).slice(0, 3000);

  it('moved button: locators hit the target in all four cases; coordinates hit the decoy exactly when it moved', () => {
    const { got, want } = row('moved button');
    assert.deepEqual(got, want, failures('moved button'));
    for (const a of result.attempts.filter(a => a.scenario === 'moved button' && a.arm === 'control')) {
      assert.equal(a.verdict, a.variant.includes('moved') ? 'wrong' : 'correct', `${a.variant}: ${JSON.stringify(a.readBack)}`);
    }
  });

  it('duplicate label: strict mode refuses every duplicate without input, and the scoped query recovers', () => {
    const { got, want } = row('duplicate label');
    assert.deepEqual(got, want, failures('duplicate label'));
    for (const a of result.attempts.filter(a => a.scenario === 'duplicate label' && a.arm === 'treatment')) {
      if (a.variant.startsWith('duplicated')) {
        assert.equal(a.status, 'failed');
        assert.match(a.error?.message ?? '', /strict mode violation/);
      } else {
        assert.equal(a.status, 'succeeded');
      }
    }
  });

  it('overlay: forced clicks land on the overlay; normal clicks time out with no hit at all', () => {
    const { got, want } = row('overlay');
    assert.deepEqual(got, want, failures('overlay'));
    for (const a of result.attempts.filter(a => a.scenario === 'overlay' && a.variant === 'covered')) {
      assert.deepEqual(a.readBack, a.arm === 'control' ? { target: 0, overlay: 1 } : { target: 0, overlay: 0 });
      if (a.arm === 'treatment') assert.equal(a.error?.name, 'TimeoutError');
    }
  });

  it('delayed save: the click returns every time; expect passes exactly the successes', () => {
    const { got, want } = row('delayed save');
    assert.deepEqual(got, want, failures('delayed save'));
    for (const name of ['clicks that returned normally (both arms)', 'expect passing on successes', 'expect failing on failures']) {
      const c = result.checks.find(c => c.scenario === 'delayed save' && c.name === name);
      assert.ok(c && c.got === c.expected, `${name}: ${JSON.stringify(c)}`);
    }
  });

  it('strict-mode refusals list both matches in error.matches', () => {
    const refusals = result.attempts.filter(a => a.scenario === 'duplicate label' && a.arm === 'treatment' && a.status === 'failed');
    assert.equal(refusals.length, 8, 'every duplicated label was refused');
    for (const a of refusals) assert.equal(a.error?.matches?.length, 2, JSON.stringify(a.error));
  });

  it('normal clicks on a covered control name the overlay in error.blockedBy', () => {
    const timeouts = result.attempts.filter(a => a.scenario === 'overlay' && a.arm === 'treatment' && a.status === 'failed');
    assert.equal(timeouts.length, 6, 'every covered click timed out');
    for (const a of timeouts) assert.match(a.error?.blockedBy ?? '', /promo-overlay/, JSON.stringify(a.error));
  });
});
