// Receipt writes and their waiters (runtime/receipts/receiptEnds.ts) over a store that refuses writes on
// cue: a final receipt that cannot be written reaches its waiter as a storage error naming the
// file, is written again once the store takes it, and a stop answers every waiter at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReceiptEnds } from '../runtime/receipts/receiptEnds.js';
import { StorageError } from '../runtime/receipts/storageFailure.js';
import type { ReceiptStore } from '../runtime/receipts/receiptStore.js';
import type { Receipt } from '../contract/receipt.js';
import type { RunFacts } from '../runtime/receipts/receiptView.js';

function refusingStore() {
  const stored = new Map<string, Receipt>();
  let locked = false;
  const facts = new Map<string, RunFacts>();
  const write = (receipt: Receipt, viewFacts?: RunFacts) => {
    if (locked) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    stored.set(receipt.requestId, structuredClone(receipt));
    if (viewFacts) facts.set(receipt.requestId, viewFacts);
  };
  const store = { save: write, saveWithoutWaiting: write, get: (_task: string, id: string) => stored.get(id) } as unknown as ReceiptStore;
  return { store, stored, facts, lock: (on: boolean) => { locked = on; } };
}
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const receipt = (status: Receipt['status']): Receipt => ({ task: 't', requestId: 'r', status, mutationState: 'none', queuedAt: '' });

describe('receipt ends', () => {
  it('a final receipt the store refuses: the waiter hears a storage error naming the file; it is written once the store takes it', async () => {
    const s = refusingStore();
    const ends = new ReceiptEnds(s.store, '/home/me/.tabwright/receipts.db', quiet);
    ends.save(receipt('running'));
    const waiting = ends.waitForFinal('t', 'r', 60_000);
    s.lock(true);
    ends.end(receipt('succeeded'));
    await assert.rejects(waiting, (error: unknown) => error instanceof StorageError && error.file === '/home/me/.tabwright/receipts.db'
      && /ended \(succeeded\).*could not be written.*tabwright receipt --task t --request-id r/s.test(error.message));
    await assert.rejects(ends.waitForFinal('t', 'r', 0), StorageError, 'asked again, the same answer');
    assert.equal(s.stored.get('r')?.status, 'running');
    assert.equal(ends.flush(), false);
    s.lock(false);
    assert.equal(ends.flush(), true);
    assert.equal(s.stored.get('r')?.status, 'succeeded');
    assert.equal((await ends.waitForFinal('t', 'r', 0))?.status, 'succeeded');
    ends.close();
  });

  it('a final receipt the store refuses is written again with its view facts', () => {
    const s = refusingStore();
    const ends = new ReceiptEnds(s.store, '/db', quiet);
    s.lock(true);
    ends.end(receipt('succeeded'), { mutations: ['click'] });
    assert.equal(s.facts.get('r'), undefined);
    s.lock(false);
    assert.equal(ends.flush(), true);
    assert.deepEqual(s.facts.get('r'), { mutations: ['click'] });
  });

  it('a program that starts waiting for a person answers its waiters at once; a wait begun once it was waiting goes on', async () => {
    const s = refusingStore();
    const ends = new ReceiptEnds(s.store, 'receipts.db', quiet);
    ends.save(receipt('running'));
    const waiting = ends.waitForFinal('t', 'r', 600_000);
    ends.save({ ...receipt('running'), waitingFor: 'person' });
    assert.equal((await waiting)?.waitingFor, 'person');
    const later = ends.waitForFinal('t', 'r', 600_000);
    let settled = false;
    void later.then(() => { settled = true; });
    ends.save({ ...receipt('running'), waitingFor: 'person', hints: ['written again'] });
    await new Promise(resolve => setImmediate(resolve));
    assert.equal(settled, false, 'a hand-over already open is waited out');
    ends.end(receipt('succeeded'));
    assert.equal((await later)?.status, 'succeeded');
    ends.close();
  });

  it('a stop answers every waiter with the receipt as it stands', async () => {
    const s = refusingStore();
    const ends = new ReceiptEnds(s.store, 'receipts.db', quiet);
    ends.save(receipt('running'));
    const waits = [ends.waitForFinal('t', 'r', 600_000), ends.waitForFinal('t', 'r', 600_000)];
    assert.equal(ends.answerWaiters(), 2);
    for (const answered of await Promise.all(waits)) assert.equal(answered?.status, 'running');
    ends.close();
  });
});
