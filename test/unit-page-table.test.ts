// The page table on an in-memory database: ids outlive targets (pageRecovery.ts moves a row to
// a reopened tab's new target), and a database from an older runtime gains the new columns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { PageTable } from '../runtime/pageTable.js';

describe('page table', () => {
  it('a reopened tab keeps its row: the row the catalog gave the new target is dropped, its id never used', () => {
    const db = new Database(':memory:');
    const table = new PageTable(db);
    const first = table.idFor('old-a');
    table.setTask('old-a', 't', 'created');
    table.noteLocation('old-a', 'https://example.test/a', false);
    // Chrome announced the reopened tab before Target.createTarget answered: a fresh row.
    const fresh = table.idFor('new-a');
    assert.notEqual(fresh, first);
    table.moveTo(first, 'new-a');
    assert.equal(table.idFor('new-a'), first);
    assert.equal(table.row('old-a'), undefined);
    assert.deepEqual(table.row('new-a'), { id: first, targetId: 'new-a', task: 't', openerId: null, how: 'created', url: 'https://example.test/a', isolated: false });
    const next = table.idFor('another');
    assert.ok(next > fresh, 'AUTOINCREMENT never hands out the dropped id again');
    // What a restarted runtime reads back.
    assert.deepEqual(new PageTable(db).open().map(r => [r.id, r.targetId, r.task, r.url]),
      [[first, 'new-a', 't', 'https://example.test/a'], [next, 'another', null, null]]);
  });

  it('a released tab forgets its task and how it was held; a closed one is no longer open', () => {
    const table = new PageTable(new Database(':memory:'));
    table.setTask('x', 't', 'adopted');
    table.setTask('x', null);
    assert.deepEqual([table.row('x')?.task, table.row('x')?.how], [null, null]);
    table.closed('x');
    assert.deepEqual(table.open(), []);
  });

  it('a database written before recovery existed gains the columns and keeps its rows', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE pages (id INTEGER PRIMARY KEY AUTOINCREMENT, target_id TEXT NOT NULL UNIQUE, task TEXT, opener_id INTEGER, closed INTEGER NOT NULL DEFAULT 0);
      INSERT INTO pages (target_id, task) VALUES ('kept', 't');`);
    const table = new PageTable(db);
    assert.deepEqual(table.open(), [{ id: 1, targetId: 'kept', task: 't', openerId: null, how: null, url: null, isolated: false }]);
  });
});
