// The order of a stop (runtime/runtimeStop.ts): programs are interrupted and their receipts
// written before waiting callers are answered, so a caller hears `interrupted`, what will be
// true, and never `running` with "do not resubmit" (issue 38 item 19). A caller answered as
// things stand while the runtime stops is told the program is being interrupted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReceiptEnds } from '../runtime/receipts/receiptEnds.js';
import { RuntimeStop } from '../runtime/runtimeStop.js';
import { withProgressHint } from '../runtime/receipts/receiptAssembly.js';
import type { ReceiptStore } from '../runtime/receipts/receiptStore.js';
import type { Receipt } from '../contract/receipt.js';
import type { RuntimeLog } from '../runtime/runtimeLog.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as RuntimeLog;
const running: Receipt = { task: 't', requestId: 'r', status: 'running', mutationState: 'none', queuedAt: '' };

function memoryStore(): ReceiptStore {
  const stored = new Map<string, Receipt>();
  const write = (receipt: Receipt) => { stored.set(receipt.requestId, structuredClone(receipt)); };
  return { save: write, saveWithoutWaiting: write, get: (_task: string, id: string) => stored.get(id) } as unknown as ReceiptStore;
}

describe('runtime stop', () => {
  it('a caller waiting for a receipt gets the interrupted one: the programs end before waiters are answered', async () => {
    const ends = new ReceiptEnds(memoryStore(), 'receipts.db', quiet);
    ends.save(running);
    const waiting = ends.waitForFinal('t', 'r', 600_000);
    const steps: string[] = [];
    const exited = new Promise<number>(resolve => {
      const stopping = new RuntimeStop({
        interruptPrograms: async stop => {
          steps.push('interrupt');
          ends.end({ ...running, status: 'interrupted', error: { name: 'Interrupted', message: stop.message, reason: stop.reason } } as Receipt);
        },
        answerWaiters: () => { steps.push('answer'); return ends.answerWaiters(); },
        closeApi: async () => { steps.push('close api'); },
        closeView: async () => {},
        stopService: async () => { steps.push('stop service'); },
        killBrowser: () => {},
        socket: '/nonexistent/runtime.sock',
        lock: '/nonexistent/runtime.lock',
        log: quiet,
      }, resolve);
      stopping.stop({ why: 'asked', code: 0, stop: { reason: 'runtimeStopped', message: 'The runtime was stopped.' } });
    });
    const answered = await waiting;
    assert.equal(answered?.status, 'interrupted');
    assert.equal(await exited, 0);
    assert.deepEqual(steps, ['close api', 'interrupt', 'answer', 'stop service']);
  });

  it('a receipt answered as it stands while the runtime stops says it is being interrupted, not "still running: do not resubmit"', () => {
    const [hint] = withProgressHint(running, true)!.hints!;
    assert.doesNotMatch(hint!, /still running|do not resubmit/);
    assert.match(hint!, /The runtime is stopping: this program is being interrupted, and its receipt will read interrupted \(runtimeStopped\)/);
    assert.match(hint!, /`tabwright receipt --task t --request-id r`/);
    assert.match(withProgressHint(running, false)!.hints![0]!, /still running: do not resubmit/);
  });
});
