// `mutations` as the compact view shows them (runtime/mutations/shownMutations.ts), without a
// browser: a succeeded program's own completed actions left out, everything kept for a failed
// one, repeats and repeating groups folded, the shorter cap; the runtime remembers the list per
// receipt (past its task) and the compact view takes it, or shows the stored list when it does not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MutationLog } from '../runtime/mutations/mutationLog.js';
import { namedCauses, type ActionWindow } from '../runtime/mutations/causeList.js';
import { foldedRepeats, INPUT_ONLY, MAX_SHOWN, shownCauseTexts } from '../runtime/mutations/shownMutations.js';
import { compactReceipt } from '../runtime/receipts/receiptView.js';
import { RecentRunFacts } from '../runtime/receipts/recentRunFacts.js';
import type { Receipt } from '../contract/receipt.js';

const next = "click getByRole('button', { name: 'Next month' })";
const add = "click getByRole('button', { name: 'Add' })";

/** Input from the router inside each action's window, as the date picker's clicks send it. */
function clicks(labels: string[], completed = (_i: number) => true): { actions: ActionWindow[]; inputs: { at: number; page: string; kind: 'input'; text: string }[] } {
  const actions = labels.map((label, i) => ({ id: i, label, begin: i * 100, end: i * 100 + 50, page: 'P1', countsOnCompletion: false, completed: completed(i) }));
  const inputs = labels.map((_, i) => ({ at: i * 100 + 10, page: 'P1', kind: 'input' as const, text: 'mouse click at (1, 1)' }));
  return { actions, inputs };
}

describe('folding repeats for the compact view', () => {
  it('folds a run of one entry and a run of a repeating group, in order, never across', () => {
    assert.deepEqual(foldedRepeats(['a', 'a', 'a', 'b', 'c', 'b', 'c', 'a']), ['a ×3', '(b; c) ×2', 'a']);
    assert.deepEqual(foldedRepeats([add, 'POST /api/cart 201', add, 'POST /api/cart 201', add, 'POST /api/cart 201']), [`(${add}; POST /api/cart 201) ×3`]);
    assert.deepEqual(foldedRepeats(['a', 'b', 'a', 'c']), ['a', 'b', 'a', 'c'], 'a repeat that is not adjacent is not merged');
  });

  it('prefers the fold covering most entries, the shorter group on a tie', () => {
    assert.deepEqual(foldedRepeats(['a', 'a', 'a', 'a']), ['a ×4']);
    assert.deepEqual(foldedRepeats(['x', 'y', 'z', 'x', 'y', 'z', 'x', 'y', 'z']), ['(x; y; z) ×3']);
    assert.deepEqual(foldedRepeats(['a', 'b', 'a', 'b', 'a']), ['(a; b) ×2', 'a']);
    assert.deepEqual(foldedRepeats([]), []);
  });
});

describe('what the compact view of a program\'s mutations shows', () => {
  it('a succeeded program: its own completed actions are left out; requests and input no action accounts for stay', () => {
    const { actions, inputs } = clicks([next, next, next, add]);
    const request = { kind: 'request' as const, text: 'POST /api/cart 201', at: 320 };
    const stray = { at: 900, page: 'P1', kind: 'input' as const, text: 'key Tab' };
    const causes = namedCauses([request], [...inputs, stray], actions);
    assert.deepEqual(shownCauseTexts(causes, true), ['POST /api/cart 201', 'key Tab']);
    assert.deepEqual(shownCauseTexts(namedCauses([], inputs, actions), true), [INPUT_ONLY], 'only its own actions: nothing to list but that input was all');
  });

  it('an upload is named even when its own setInputFiles returned', () => {
    const upload: ActionWindow = { id: 9, label: "setInputFiles getByLabel('Report')", begin: 10, end: 30, page: 'P1', countsOnCompletion: true, completed: true };
    const files = [{ at: 20, page: 'P1', kind: 'upload' as const, text: 'set 1 file on a file input' }];
    assert.deepEqual(shownCauseTexts(namedCauses([], files, [upload]), true), ["setInputFiles getByLabel('Report')"]);
  });

  it('a failed program keeps its own actions: which of them landed is the evidence for a retry', () => {
    const { actions, inputs } = clicks([next, next, add]);
    const causes = namedCauses([{ kind: 'request', text: 'POST /api/cart 201', at: 220 }], inputs, actions);
    assert.deepEqual(shownCauseTexts(causes, false), ['POST /api/cart 201', `3 input actions, the last: ${add}`], 'the request first, the input one entry');
    assert.deepEqual(shownCauseTexts(namedCauses([], clicks([next, next]).inputs, clicks([next, next]).actions), false), [`${next} ×2`, INPUT_ONLY], 'one action repeated is itself');
  });

  it('requests and accepted dialogs come first, before the rest and any input, whatever their order; a cap never cuts them behind keystrokes', () => {
    const keys = Array.from({ length: 40 }, (_, i) => ({ kind: 'input' as const, text: i % 5 === 0 ? 'key Enter' : i % 2 ? 'typed a character' : 'key Space', at: i }));
    const causes = [...keys, { kind: 'profile' as const, text: 'set a cookie', at: 50 }, { kind: 'input' as const, text: 'accepted a dialog', at: 60 },
      { kind: 'request' as const, text: 'POST /api/rules 204', at: 70 }, { kind: 'websocket' as const, text: 'WebSocket wss://x/live frames sent', at: 80 }];
    assert.deepEqual(shownCauseTexts(causes, true), ['accepted a dialog', 'POST /api/rules 204', 'WebSocket wss://x/live frames sent', 'set a cookie', '40 input actions, the last: typed a character']);
    const saves = Array.from({ length: 3 }, (_, i) => ({ kind: 'request' as const, text: 'POST /api/cart 201', at: i * 10 + 5 }));
    const { actions, inputs } = clicks([add, add, add]);
    assert.deepEqual(shownCauseTexts(namedCauses(saves, inputs.map((x, i) => ({ ...x, at: i * 10 })), actions.map((a, i) => ({ ...a, begin: i * 10 - 1, end: i * 10 + 1 }))), false),
      ['POST /api/cart 201 ×3', `${add} ×3`]);
  });

  it('an action whose input reached the page though the call then threw (a caught error) stays in a succeeded program\'s list', () => {
    const { actions, inputs } = clicks([next, add], i => i === 0);
    assert.deepEqual(shownCauseTexts(namedCauses([], inputs, actions), true), [add, INPUT_ONLY]);
  });

  it('says input was all the evidence only when it was: a request, a frame, page code or an upload is more', () => {
    const click = { kind: 'input' as const, text: add, at: 1, ownAction: true as const };
    assert.deepEqual(shownCauseTexts([click, { kind: 'input', text: 'accepted a dialog', at: 2 }], true), ['accepted a dialog', INPUT_ONLY], 'a dialog accepted is input too');
    for (const other of [{ kind: 'request' as const, text: 'POST /a 201' }, { kind: 'websocket' as const, text: 'WebSocket x frames sent' },
      { kind: 'pageCode' as const, text: 'page.evaluate (page code ran)' }, { kind: 'upload' as const, text: 'set 1 file on a file input' }])
      assert.ok(!shownCauseTexts([click, { ...other, at: 2 }], true).includes(INPUT_ONLY), other.kind);
    assert.deepEqual(shownCauseTexts([], true), []);
  });

  it('is capped at MAX_SHOWN, the last entry saying how many more', () => {
    const causes = Array.from({ length: 30 }, (_, i) => ({ kind: 'request' as const, text: `POST /item/${i} 200`, at: i }));
    const shown = shownCauseTexts(causes, true);
    assert.equal(shown.length, MAX_SHOWN);
    assert.equal(shown[MAX_SHOWN - 1], `… ${30 - MAX_SHOWN + 1} more`);
    assert.deepEqual(shown.slice(0, 2), ['POST /item/0 200', 'POST /item/1 200']);
  });

  it('the log says what the compact view lists, by whether its program succeeded', () => {
    const log = new MutationLog();
    log.begin();
    log.actionStarted({ id: 1, label: add, begin: 10, page: 'P1', countsOnCompletion: false });
    log.input({ at: 11, page: 'P1', kind: 'input', text: 'mouse click at (1, 1)' });
    log.actionEnded(1, 20, true);
    log.record({ kind: 'request', text: 'POST /api/cart 201', at: 21 });
    assert.deepEqual(log.texts(), [add, 'POST /api/cart 201'], 'the stored list names everything');
    assert.deepEqual(log.shown(true), ['POST /api/cart 201']);
    assert.deepEqual(log.shown(false), ['POST /api/cart 201', add], 'a failed program keeps its own actions, after what left the browser');
  });
});

describe('facts of recent receipts, kept past their task', () => {
  it('remembers per task and request id, the newest 64', () => {
    const facts = new RecentRunFacts();
    facts.remember('shop', 'buy-1', { mutations: ['POST /api/cart 201'] });
    facts.remember('shop2', 'buy-1', { mutations: [] });
    assert.deepEqual(facts.of('shop', 'buy-1'), { mutations: ['POST /api/cart 201'] });
    assert.deepEqual(facts.of('shop2', 'buy-1'), { mutations: [] });
    assert.equal(facts.of('shop', 'buy-2'), undefined);
    for (let i = 0; i < 64; i++) facts.remember('t', `r-${i}`, {});
    assert.equal(facts.of('shop', 'buy-1'), undefined, 'forgotten after 64 newer ones');
    assert.deepEqual(facts.of('t', 'r-63'), {});
  });
});

describe('the compact view takes the remembered list', () => {
  const stored: Receipt = {
    task: 't', requestId: 'r', status: 'succeeded', mutationState: 'possible', queuedAt: 'q',
    mutations: [`${next} ×6`, 'POST /api/book 201'], result: 'ok',
  };

  it('shows the task\'s list when it remembers the program, the stored one otherwise', () => {
    assert.deepEqual(compactReceipt(stored, { mutations: ['POST /api/book 201'] }).mutations, ['POST /api/book 201']);
    assert.equal('mutations' in compactReceipt(stored, { mutations: [] }), false, 'nothing beyond its own actions: no field');
    assert.deepEqual(compactReceipt(stored).mutations, stored.mutations, 'not remembered (a restart): the whole stored list');
    assert.deepEqual(stored.mutations, [`${next} ×6`, 'POST /api/book 201'], 'the stored receipt is untouched');
  });
});
