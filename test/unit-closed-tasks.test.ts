// Where closed tasks' tabs were (tasks/closedTasks.ts), on a SQLite file as the runtime keeps it:
// a new ClosedTasks on the same file (a restarted runtime) still says it, once; the rows are
// bounded in number and age (the receipts' days); a URL's user part is never kept. The
// end-to-end test (close, runtime stop or kill, the next program's hint) is receipt-task-hints.
import assert from 'node:assert/strict';
import { describe, it, after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ClosedTasks, keptUrl } from '../runtime/tasks/closedTasks.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-closed-tasks-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('closed tasks', () => {
  it('a runtime started on the same file tells the first program of that name, once', () => {
    const file = path.join(dir, 'restart.db');
    const first = new Database(file);
    new ClosedTasks(first, 7).remember('mail', ['https://mail.test/inbox', 'about:blank', 'https://mail.test/report']);
    first.close();
    const reopened = new Database(file);
    const closed = new ClosedTasks(reopened, 7);
    const [hint] = closed.take('mail');
    assert.match(hint, /^Task "mail" was closed before this program/);
    assert.match(hint, /Its tabs were at https:\/\/mail\.test\/inbox, https:\/\/mail\.test\/report: page\.goto/);
    assert.deepEqual(closed.take('mail'), [], 'said once');
    assert.deepEqual(new ClosedTasks(reopened, 7).take('mail'), [], 'and gone from the file');
    reopened.close();
  });

  it('keeps the newest 64 closed tasks, and none older than the receipts are kept', () => {
    let now = Date.parse('2027-01-01T00:00:00Z');
    const db = new Database(':memory:');
    const closed = new ClosedTasks(db, 2, () => now);
    for (let i = 0; i < 70; i++) {
      closed.remember(`t${i}`, [`https://site.test/${i}`]);
      now += 1000;
    }
    assert.equal((db.prepare('SELECT count(*) AS n FROM closed_tasks').get() as { n: number }).n, 64);
    assert.deepEqual(closed.take('t5'), [], 'among the six oldest: forgotten');
    assert.equal(closed.take('t6').length, 1);
    // Past the receipts' days: not told, and the next close prunes what is left.
    now += 2 * DAY_MS;
    assert.deepEqual(closed.take('t7'), []);
    closed.remember('fresh', ['https://site.test/fresh']);
    assert.deepEqual(db.prepare('SELECT name FROM closed_tasks').all(), [{ name: 'fresh' }]);
  });

  it('keeps at most five URLs of 300 characters, and no about:blank; a task closed with none says nothing', () => {
    const closed = new ClosedTasks(new Database(':memory:'), 7);
    closed.remember('many', ['a', 'b', 'c', 'd', 'e', 'f'].map(p => `https://site.test/${p}`).concat(`https://site.test/${'x'.repeat(400)}`));
    assert.match(closed.take('many')[0], /at https:\/\/site\.test\/a, .*https:\/\/site\.test\/e: /);
    closed.remember('long', [`https://site.test/${'x'.repeat(400)}`]);
    assert.match(closed.take('long')[0], new RegExp(`/${'x'.repeat(281)}…: `));
    closed.remember('blank', ['about:blank']);
    assert.deepEqual(closed.take('blank'), []);
  });

  it("a URL's user and password are not kept; the rest is, as a receipt shows it", () => {
    assert.equal(keptUrl('http://ada:s3cretpw@127.0.0.1:8080/signed?page=2'), 'http://127.0.0.1:8080/signed?page=2');
    assert.equal(keptUrl('https://token123@api.test/'), 'https://api.test/');
    assert.equal(keptUrl('https://site.test/a?q=1#top'), 'https://site.test/a?q=1#top');
    assert.equal(keptUrl('data:text/html,<h1>x</h1>'), 'data:text/html,<h1>x</h1>');
    const db = new Database(':memory:');
    new ClosedTasks(db, 7).remember('signed', ['http://ada:s3cretpw@127.0.0.1:8080/signed']);
    assert.doesNotMatch(JSON.stringify(db.prepare('SELECT * FROM closed_tasks').all()), /s3cretpw|ada/);
  });
});
