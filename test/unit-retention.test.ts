// Retention (runtime/receipts/retention.ts) on an in-memory receipt store and a scratch artifacts
// folder: an expired receipt takes exactly the files it names, never another receipt's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReceiptStore } from '../runtime/receipts/receiptStore.js';
import { Retention } from '../runtime/receipts/retention.js';
import { PageTable } from '../runtime/browser/pageTable.js';
import type { Receipt } from '../contract/receipt.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A store and folders, and a helper that stores a finished receipt naming `files` (made on disk, dated `at`). */
function scene() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-retention-'));
  const artifacts = path.join(root, 'artifacts');
  const downloads = path.join(root, 'downloads');
  fs.mkdirSync(path.join(artifacts, 't'), { recursive: true });
  fs.mkdirSync(downloads);
  const store = new ReceiptStore(new Database(':memory:'));
  const file = (name: string, at: number) => {
    const where = path.join(artifacts, 't', name);
    fs.writeFileSync(where, name);
    fs.utimesSync(where, new Date(at), new Date(at));
    return where;
  };
  const finished = (requestId: string, at: number, files: string[]) => {
    const { receipt } = store.register('t', requestId, { canonical: requestId }, new Date(at - 1000));
    const done: Receipt = { ...receipt, status: 'succeeded', finishedAt: new Date(at).toISOString(),
      artifacts: files.map(name => ({ path: file(name, at), bytes: name.length, mime: 'image/png' })) };
    store.save(done);
  };
  return { root, artifacts, downloads, store, file, finished };
}

describe('retention', () => {
  it('the rows of tabs closed before the cutoff go with the receipts of their time', () => {
    const s = scene();
    const now = Date.now();
    try {
      const db = new Database(':memory:');
      const pages = new PageTable(db);
      pages.idFor('gone-long-ago');
      pages.idFor('gone-yesterday');
      pages.idFor('still-open');
      pages.closed('gone-long-ago', now - 10 * DAY_MS);
      pages.closed('gone-yesterday', now - DAY_MS);
      new Retention(s.store, s.artifacts, s.downloads, 7, pages).expire(now);
      const rows = (db.prepare('SELECT target_id AS t FROM pages ORDER BY id').all() as { t: string }[]).map(r => r.t);
      assert.deepEqual(rows, ['gone-yesterday', 'still-open']);
    } finally {
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('a round that fails (a locked database) is reported, not thrown: thrown from the hourly timer it would stop the runtime', () => {
    const s = scene();
    const reported: unknown[] = [];
    const locked = { prune(): number { throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }); } };
    const retention = new Retention(s.store, s.artifacts, s.downloads, 7, locked);
    try {
      retention.start(error => reported.push(error));
      assert.equal(reported.length, 1);
      assert.match(String((reported[0] as Error).message), /database is locked/);
    } finally {
      retention.stop();
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('an expired receipt takes exactly its own files: request id "a" leaves "a-b"\'s', () => {
    const s = scene();
    const now = Date.now();
    try {
      s.finished('a', now - 10 * DAY_MS, ['a-1.png', 'a-result.json']);
      s.finished('a-b', now - DAY_MS, ['a-b-1.png']);
      s.finished('a-1', now - DAY_MS, ['a-1-1.png']);
      const expired = new Retention(s.store, s.artifacts, s.downloads, 7).expire(now);
      assert.equal(expired, 1);
      assert.deepEqual(fs.readdirSync(path.join(s.artifacts, 't')).sort(), ['a-1-1.png', 'a-b-1.png']);
      assert.equal(s.store.get('t', 'a'), undefined);
      assert.equal(s.store.get('t', 'a-b')?.status, 'succeeded');
    } finally {
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('a file no receipt names goes once older than the cutoff; one a kept receipt names stays however old', () => {
    const s = scene();
    const now = Date.now();
    try {
      s.file('interrupted-1.png', now - 10 * DAY_MS);
      s.file('between-programs-download-1-x.csv', now - 10 * DAY_MS);
      s.file('recent-1.png', now - DAY_MS);
      // Queued before the cutoff, finished after it: its file may be older than the cutoff.
      const { receipt } = s.store.register('t', 'long', { canonical: 'long' }, new Date(now - 8 * DAY_MS));
      const old = s.file('long-1.png', now - 8 * DAY_MS);
      s.store.save({ ...receipt, status: 'succeeded', finishedAt: new Date(now - 6 * DAY_MS).toISOString(), artifacts: [{ path: old, bytes: 1, mime: 'image/png' }] });
      new Retention(s.store, s.artifacts, s.downloads, 7).expire(now);
      assert.deepEqual(fs.readdirSync(path.join(s.artifacts, 't')).sort(), ['long-1.png', 'recent-1.png']);
    } finally {
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('a path a receipt names outside its task\'s folder is never deleted', () => {
    const s = scene();
    const now = Date.now();
    try {
      const outside = path.join(s.root, 'outside.txt');
      fs.writeFileSync(outside, 'keep');
      const { receipt } = s.store.register('t', 'x', { canonical: 'x' }, new Date(now - 11 * DAY_MS));
      s.store.save({ ...receipt, status: 'succeeded', finishedAt: new Date(now - 10 * DAY_MS).toISOString(), result: { path: outside } });
      new Retention(s.store, s.artifacts, s.downloads, 7).expire(now);
      assert.ok(fs.existsSync(outside));
    } finally {
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('an expired receipt takes only its own artifacts and downloads: a page-controlled result naming a newer receipt\'s file leaves it', () => {
    const s = scene();
    const now = Date.now();
    try {
      s.finished('newer', now - DAY_MS, ['newer-1.png']);
      const newer = path.join(s.artifacts, 't', 'newer-1.png');
      const download = s.file('old-download-report.csv', now - 10 * DAY_MS);
      const { receipt } = s.store.register('t', 'old', { canonical: 'old' }, new Date(now - 11 * DAY_MS));
      // The page's JSON came back as the result: it names the newer receipt's screenshot, twice over.
      s.store.save({
        ...receipt, status: 'succeeded', finishedAt: new Date(now - 10 * DAY_MS).toISOString(),
        result: { path: newer, nested: [{ shot: { path: newer } }] },
        console: [{ type: 'log', text: 'x', path: newer } as never],
        pageChanges: [{ type: 'download', page: 1, url: 'https://shop.example/report.csv', suggestedFilename: 'report.csv', path: download, bytes: 22 }],
      });
      new Retention(s.store, s.artifacts, s.downloads, 7).expire(now);
      assert.ok(fs.existsSync(newer), 'the newer receipt\'s screenshot is still there');
      assert.ok(!fs.existsSync(download), 'the expired receipt\'s own download went with it');
      assert.equal(s.store.get('t', 'newer')?.status, 'succeeded');
    } finally {
      fs.rmSync(s.root, { recursive: true, force: true });
    }
  });
});
