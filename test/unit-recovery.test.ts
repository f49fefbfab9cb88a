// Recovery of receipts a dead runtime left unfinished, and the boot record that tells a crash
// of the runtime (the stored state is exact) from a restart of the machine (it may not be).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { recordBoot } from '../runtime/receipts/machineBoot.js';
import { recoveredReceipt } from '../runtime/receipts/recovery.js';
import type { Receipt } from '../contract/receipt.js';

const now = new Date('2026-11-30T12:00:00Z');
const running = (mutationState: 'none' | 'possible'): Receipt =>
  ({ task: 't', requestId: 'r', status: 'running', mutationState, queuedAt: 'q', startedAt: 's' });

describe('recovery', () => {
  it('after a runtime crash, the stored mutationState decides', () => {
    const calm = recoveredReceipt(running('none'), { machineRestarted: false, now });
    assert.equal(calm.status, 'interrupted');
    assert.equal(calm.outcome, undefined);
    assert.equal(calm.mutationState, 'none');
    const risky = recoveredReceipt(running('possible'), { machineRestarted: false, now });
    assert.equal(risky.outcome, 'OUTCOME_UNKNOWN');
  });

  it('after a machine restart, the last updates may be lost: the outcome is unknown', () => {
    const r = recoveredReceipt({ ...running('none'), status: 'queued' }, { machineRestarted: true, now });
    assert.equal(r.status, 'interrupted');
    assert.equal(r.outcome, 'OUTCOME_UNKNOWN');
    assert.equal(r.mutationState, 'possible');
    assert.match(r.error?.message ?? '', /machine restarted/);
  });
});

describe('boot record', () => {
  it('says the machine restarted only when a different boot was recorded before', () => {
    const db = new Database(':memory:');
    assert.deepEqual(recordBoot(db, 'boot-a'), { machineRestarted: false }, 'first use');
    assert.deepEqual(recordBoot(db, 'boot-a'), { machineRestarted: false }, 'the runtime restarted, not the machine');
    assert.deepEqual(recordBoot(db, 'boot-b'), { machineRestarted: true });
    assert.deepEqual(recordBoot(db, 'boot-b'), { machineRestarted: false });
  });
});
