// A program's expect is loaded on first use (runtime/worker/program/expectOnDemand.ts): nothing loads
// before the program touches it, it loads once, and the program sees the loaded function's
// every call and property.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExpectOnDemand } from '../runtime/worker/program/expectOnDemand.js';

type Expect = typeof import('@playwright/test').expect;

function fakeExpect(): Expect {
  const expect = Object.assign((actual: unknown) => ({ toBe: (expected: unknown) => assert.equal(actual, expected), actual }), {
    soft: (actual: unknown) => ({ soft: actual }),
    configure: () => expect,
  });
  return expect as unknown as Expect;
}

describe('expect on demand', () => {
  it('loads nothing until the program touches expect, then loads once', () => {
    let loads = 0;
    const demand = new ExpectOnDemand(() => { loads++; return fakeExpect(); });
    const { expect } = demand;
    assert.equal(loads, 0);
    assert.equal(demand.isLoaded, false);
    assert.equal(typeof expect, 'function', 'typeof does not load it');
    assert.equal(loads, 0);
    (expect as unknown as (a: unknown) => { toBe: (b: unknown) => void })(2).toBe(2);
    assert.equal(loads, 1);
    assert.equal(demand.isLoaded, true);
    assert.deepEqual((expect as unknown as { soft: (a: unknown) => unknown }).soft(3), { soft: 3 });
    assert.equal(demand.now(), demand.now());
    assert.equal(loads, 1);
  });

  it('answers property questions as the loaded expect does', () => {
    const demand = new ExpectOnDemand(fakeExpect);
    const { expect } = demand;
    assert.ok('soft' in expect);
    assert.ok(!('nothing' in expect));
    assert.ok(Object.keys(expect).includes('configure'));
    assert.equal(typeof Object.getOwnPropertyDescriptor(expect, 'soft')?.value, 'function');
    (expect as unknown as Record<string, unknown>).custom = 1;
    assert.equal((demand.now() as unknown as Record<string, unknown>).custom, 1, 'a set reaches the loaded expect');
    assert.throws(() => (expect as unknown as (a: unknown) => { toBe: (b: unknown) => void })(1).toBe(2), /Expected values to be strictly equal/);
  });

  it('a load that throws throws at the program\'s use, and is tried again at the next', () => {
    let tries = 0;
    const demand = new ExpectOnDemand(() => { if (++tries === 1) throw new Error('cannot load'); return fakeExpect(); });
    assert.throws(() => (demand.expect as unknown as (a: unknown) => unknown)(1), /cannot load/);
    assert.equal(demand.isLoaded, false);
    assert.equal(typeof (demand.expect as unknown as { soft: unknown }).soft, 'function');
    assert.equal(tries, 2);
  });
});
