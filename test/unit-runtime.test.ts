// The runtime's pure modules, without a browser: network journal, result encoder, receipt
// store (on an in-memory database), page-change merging, the worker's outcome guard.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../runtime/receipts/database.js';
import { NetworkJournal } from '../runtime/receipts/networkJournal.js';
import { cdpEvent } from '../transport/cdpProtocol.js';
import { capResult, encodeResult } from '../runtime/worker/program/resultEncoder.js';
import { ReceiptStore, programHashes } from '../runtime/receipts/receiptStore.js';
import { PageChangeLog, closedDuring } from '../runtime/programs/pageChangeLog.js';
import { guardOutcome } from '../runtime/worker/program/outcomeGuard.js';
import type { ProgramOutcome } from '../runtime/programs/workerProtocol.js';
import { ensureStateDir, statePaths } from '../runtime/stateDir.js';
import { HOME_MARK, judgeHome, NotATabwrightHomeError } from '../contract/homeFolder.js';

describe('network journal', () => {
  const pages = [{ id: 1, targetId: 'P1' }];
  const topOf = (target: string) => (target === 'IFRAME' ? 'P1' : target);

  it('gives a failure to the program it happened in, with its page (an iframe\'s request to its page)', () => {
    const journal = new NetworkJournal(topOf);
    journal.begin('r1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'a', type: 'Fetch', request: { method: 'GET', url: 'https://x/api' } }), 'IFRAME');
    journal.event(cdpEvent('Network.responseReceived', { requestId: 'a', type: 'Fetch', response: { status: 500, url: 'https://x/api' } }), 'IFRAME');
    assert.deepEqual(journal.end('r1', pages), { entries: [{ page: 1, method: 'GET', url: 'https://x/api', status: 500, type: 'fetch' }], dropped: 0 });
  });

  it('says an unsafe request still in flight once, and a late failure in the next receipt as deferred', () => {
    const journal = new NetworkJournal(topOf);
    journal.begin('r1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'b', type: 'XHR', request: { method: 'POST', url: 'https://x/save' } }), 'P1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'c', type: 'XHR', request: { method: 'GET', url: 'https://x/poll' } }), 'P1');
    assert.deepEqual(journal.end('r1', pages).entries, [{ page: 1, method: 'POST', url: 'https://x/save', pending: true }]);
    journal.event(cdpEvent('Network.loadingFailed', { requestId: 'b', errorText: 'net::ERR_CONNECTION_RESET' }), 'P1');
    journal.begin('r2');
    assert.deepEqual(journal.end('r2', pages).entries, [
      { page: 1, method: 'POST', url: 'https://x/save', failure: 'net::ERR_CONNECTION_RESET', type: 'xhr', deferred: true, since: 'r1' },
    ]);
  });

  it('ignores cancelled requests, the favicon, and the same request seen on another client\'s session', () => {
    const journal = new NetworkJournal(topOf);
    journal.begin('r1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'd', request: { method: 'GET', url: 'https://x/favicon.ico' } }), 'P1');
    journal.event(cdpEvent('Network.loadingFailed', { requestId: 'd', errorText: 'net::ERR_FAILED' }), 'P1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'e', type: 'Fetch', request: { method: 'GET', url: 'https://x/slow' } }), 'P1');
    journal.event(cdpEvent('Network.loadingFailed', { requestId: 'e', canceled: true }), 'P1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'f', type: 'Document', request: { method: 'GET', url: 'https://x/gone' } }), 'P1');
    journal.event(cdpEvent('Network.responseReceived', { requestId: 'f', type: 'Document', response: { status: 404 } }), 'P1');
    journal.event(cdpEvent('Network.requestWillBeSent', { requestId: 'f', type: 'Document', request: { method: 'GET', url: 'https://x/gone' } }), 'P1');
    journal.event(cdpEvent('Network.responseReceived', { requestId: 'f', type: 'Document', response: { status: 404 } }), 'P1');
    assert.deepEqual(journal.end('r1', pages).entries, [{ page: 1, method: 'GET', url: 'https://x/gone', status: 404, type: 'document' }]);
  });
});

describe('result encoder', () => {
  it('turns what JSON cannot say into strings, with a note for each kind', () => {
    const cyclic: Record<string, unknown> = { n: 1n, nan: NaN };
    cyclic.self = cyclic;
    const encoded = encodeResult(cyclic, () => { throw new Error('no binary here'); });
    assert.deepEqual(encoded.value, { n: '1', nan: 'NaN', self: '[Circular]' });
    assert.equal(encoded.notes.length, 3);
  });

  it('writes binary to a file and returns its receipt in place', () => {
    const encoded = encodeResult({ shot: new Uint8Array([1, 2, 3]) }, bytes => ({ path: '/tmp/x.bin', bytes: bytes.byteLength, mime: 'application/octet-stream' }));
    assert.deepEqual(encoded.value, { shot: { path: '/tmp/x.bin', bytes: 3, mime: 'application/octet-stream' } });
    assert.equal(encoded.artifacts.length, 1);
  });

  it('keeps a small result inline and moves a large one to a file with a preview', () => {
    const small = capResult(encodeResult({ a: 1 }, () => { throw new Error(); }), 100, () => { throw new Error('not written'); });
    assert.deepEqual(small.value, { a: 1 });
    const written: string[] = [];
    const large = capResult(encodeResult('x'.repeat(500), () => { throw new Error(); }), 50, text => { written.push(text); return '/tmp/result.json'; });
    assert.deepEqual(large.value, { preview: `"${'x'.repeat(49)}`, bytes: 502, path: '/tmp/result.json', truncated: true });
    assert.equal(written[0], JSON.stringify('x'.repeat(500)));
    assert.match(large.notes.at(-1)!, /over the inline limit of 50/);
  });
});

describe('receipt store on an in-memory database', () => {
  it('registers once: the same program finds its receipt, another program is a conflict', () => {
    const store = new ReceiptStore(new Database(':memory:'));
    const first = store.register('t', 'r1', programHashes('return 1'));
    assert.equal(first.kind, 'created');
    assert.equal(first.receipt.status, 'queued');
    assert.equal(store.register('t', 'r1', programHashes('return 1')).kind, 'existing');
    assert.equal(store.register('t', 'r1', programHashes('return 2')).kind, 'conflict');
    assert.equal(store.register('u', 'r1', programHashes('return 2')).kind, 'created');
  });

  it('compares programs without surrounding white space, and still finds receipts stored under the text as sent', () => {
    const store = new ReceiptStore(new Database(':memory:'));
    store.register('t', 'r1', programHashes('return 1'));
    assert.equal(store.register('t', 'r1', programHashes('\n return 1\n\n')).kind, 'existing');
    // A receipt registered before the rule, under the hash of the text as it was sent.
    store.register('t', 'old', { canonical: programHashes(' return 2\n').asSent });
    assert.equal(store.register('t', 'old', programHashes(' return 2\n')).kind, 'existing');
  });

  it('stores the compact view\'s facts in the final receipt\'s own write; a later write without them keeps them', () => {
    const store = new ReceiptStore(new Database(':memory:'));
    const { receipt } = store.register('t', 'r1', programHashes('a'));
    assert.equal(store.viewFactsOf('t', 'r1'), undefined);
    receipt.status = 'succeeded';
    receipt.finishedAt = new Date().toISOString();
    const facts = { requestedUrls: new Set(['http://a/']), movedTo: ['2 http://a/ http://a/'], closedPages: new Set([3]), mutations: ['click'], announcements: [{ page: 1, text: 'June 2027', at: 561, replaced: 5 }] };
    store.save(receipt, facts);
    assert.equal(store.get('t', 'r1')?.status, 'succeeded');
    assert.deepEqual(store.viewFactsOf('t', 'r1'), facts);
    store.save(receipt);
    assert.deepEqual(store.viewFactsOf('t', 'r1'), facts);
  });

  it('saves what happened, lists unfinished receipts, and lists a task\'s receipts', () => {
    const store = new ReceiptStore(new Database(':memory:'));
    const { receipt } = store.register('t', 'r1', programHashes('a'));
    store.register('t', 'r2', programHashes('b'));
    receipt.status = 'succeeded';
    receipt.result = 42;
    receipt.finishedAt = new Date().toISOString();
    store.save(receipt);
    assert.equal(store.get('t', 'r1')?.result, 42);
    assert.deepEqual(store.unfinished().map(r => r.requestId), ['r2']);
    assert.deepEqual(store.list('t', 10).map(r => r.requestId).sort(), ['r1', 'r2']);
    assert.equal(store.get('t', 'missing'), undefined);
  });
});

describe('receipt store on a file', () => {
  it('expiring receipts makes the database file smaller again (auto-vacuum and a WAL checkpoint)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-store-'));
    try {
      const file = path.join(dir, 'receipts.db');
      const store = new ReceiptStore(openDatabase(file));
      const bytes = () => ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0), 0);
      for (let i = 0; i < 400; i++) {
        const { receipt } = store.register('t', `r${i}`, programHashes(`return ${i}`));
        Object.assign(receipt, { status: 'succeeded', result: 'x'.repeat(4096), finishedAt: new Date(1_000).toISOString() });
        store.save(receipt);
      }
      store.reclaimSpace();
      const full = bytes();
      assert.equal(store.expire(Date.now()).length, 400);
      store.reclaimSpace();
      assert.ok(bytes() < full / 4, `${full} -> ${bytes()} bytes`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('page-change log', () => {
  it('adds closes only Chrome saw, and puts a release in place of the close it caused', () => {
    const log = new PageChangeLog();
    log.closedTab(3);
    log.closedTab(4);
    log.releasedTab(5, 'chrome://settings', 'refused URL');
    const worker = [{ type: 'navigated' as const, page: 2, from: 'a', to: 'b' }, { type: 'closed' as const, page: 4 }, { type: 'closed' as const, page: 5 }];
    assert.deepEqual(log.merged(worker), [
      { type: 'navigated', page: 2, from: 'a', to: 'b' }, { type: 'closed', page: 4 },
      { type: 'closed', page: 3 }, { type: 'released', page: 5, url: 'chrome://settings', reason: 'refused URL' },
    ]);
    assert.deepEqual([...closedDuring(log.merged(worker))].sort(), [3, 4]);
  });

  it('without Chrome\'s word the worker\'s list stands as is; without the worker\'s, what it reported so far', () => {
    const log = new PageChangeLog();
    assert.equal(log.merged(undefined), undefined);
    log.progress({ type: 'popup', page: 7 });
    assert.deepEqual(log.merged(log.reportedSoFar()), [{ type: 'popup', page: 7 }]);
    assert.deepEqual(closedDuring([{ type: 'closed', page: 1, deferred: true }]), new Set());
  });
});

describe('worker outcome guard', () => {
  it('turns a failing run into an outcome that retires the worker, so `done` is always posted', async () => {
    const outcome = await guardOutcome('r9', async () => { throw new TypeError('observer.end failed'); });
    assert.equal(outcome.requestId, 'r9');
    assert.equal(outcome.ok, false);
    assert.equal(outcome.workerEnding, true);
    assert.equal(outcome.error?.name, 'WorkerError');
    assert.match(outcome.error?.message ?? '', /TypeError: observer.end failed/);
  });

  it('passes a run\'s own outcome through', async () => {
    const own: ProgramOutcome = { requestId: 'r1', ok: true, result: 1, console: [], artifacts: [], pageChanges: [], hints: [] };
    assert.equal(await guardOutcome('r1', async () => own), own);
  });
});

describe('the runtime\'s home (contract/homeFolder.ts, runtime/stateDir.ts)', () => {
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tw-home-unit-'));

  it('refuses a folder that is not a tabwright home before changing its mode or anything in it', () => {
    const dir = scratch();
    try {
      fs.writeFileSync(path.join(dir, 'Cargo.toml'), '[package]');
      fs.mkdirSync(path.join(dir, 'playwright'));
      fs.chmodSync(dir, 0o755);
      assert.throws(() => ensureStateDir(statePaths({ TABWRIGHT_HOME: dir })), NotATabwrightHomeError);
      assert.equal(fs.statSync(dir).mode & 0o777, 0o755);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['Cargo.toml', 'playwright']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a new, an empty, a marked, a half-made and an older home, and marks it', () => {
    const root = scratch();
    try {
      const cases: Record<string, string[]> = {
        new: [], empty: [], marked: [HOME_MARK, 'notes.txt'], halfMade: ['runtime.log', 'profile', 'runtime.log.1'], older: ['receipts.db', 'artifacts', 'notes.txt'],
      };
      for (const [name, entries] of Object.entries(cases)) {
        const dir = path.join(root, name);
        if (name !== 'new') fs.mkdirSync(dir);
        for (const entry of entries) {
          if (entry.includes('.')) fs.writeFileSync(path.join(dir, entry), '');
          else fs.mkdirSync(path.join(dir, entry));
        }
        ensureStateDir(statePaths({ TABWRIGHT_HOME: dir }));
        assert.equal(judgeHome(dir).kind, 'home', name);
        assert.equal(fs.statSync(dir).mode & 0o777, 0o700, name);
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
