// The page table on an in-memory database: ids outlive targets (pageRecovery.ts moves a row to
// a reopened tab's new target), and a database from an older runtime gains the new columns;
// page recovery against a stand-in browser (the end-to-end test is test/page-recovery.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { PageTable } from '../runtime/browser/pageTable.js';
import { recoverPages, reopenedHints, type RecoveryBrowser } from '../runtime/browser/pageRecovery.js';
import { OwnershipRegistry, type TargetInfo } from '../router/ownership.js';

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
    assert.deepEqual(new PageTable(db).openTabRows().map(r => [r.id, r.targetId, r.task, r.url]),
      [[first, 'new-a', 't', 'https://example.test/a'], [next, 'another', null, null]]);
  });

  it('rows of tabs closed before the cutoff are pruned; open ones and later closes stay, and no id comes back', () => {
    const db = new Database(':memory:');
    const table = new PageTable(db);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const old = table.idFor('old');
    const recent = table.idFor('recent');
    const open = table.idFor('open');
    table.closed('old', now - 10 * day);
    table.closed('recent', now - day);
    assert.equal(table.prune(now - 7 * day), 1);
    const left = (db.prepare('SELECT id FROM pages ORDER BY id').all() as { id: number }[]).map(r => r.id);
    assert.deepEqual(left, [recent, open]);
    assert.ok(table.idFor('next') > open, 'AUTOINCREMENT never hands the pruned id out again');
    assert.notEqual(table.idFor('old'), old);
  });

  it('a released tab forgets its task and how it was held; a closed one is no longer open', () => {
    const table = new PageTable(new Database(':memory:'));
    table.setTask('x', 't', 'adopted');
    table.setTask('x', null);
    assert.deepEqual([table.row('x')?.task, table.row('x')?.how], [null, null]);
    table.closed('x');
    assert.deepEqual(table.openTabRows(), []);
  });

  it('a database written before recovery existed gains the columns and keeps its rows', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE pages (id INTEGER PRIMARY KEY AUTOINCREMENT, target_id TEXT NOT NULL UNIQUE, task TEXT, opener_id INTEGER, closed INTEGER NOT NULL DEFAULT 0);
      INSERT INTO pages (target_id, task) VALUES ('kept', 't');`);
    const table = new PageTable(db);
    assert.deepEqual(table.openTabRows(), [{ id: 1, targetId: 'kept', task: 't', openerId: null, how: null, url: null, isolated: false }]);
  });
});

describe('page recovery', () => {
  const info = (targetId: string, browserContextId?: string): TargetInfo =>
    ({ targetId, type: 'page', title: '', url: 'https://example.test/', attached: false, ...(browserContextId ? { browserContextId } : {}) });

  /** A launched browser that has none of the old tabs; `failOn` makes opening that URL fail. */
  function launched(failOn?: string) {
    const opened: { url: string; context: string | undefined }[] = [];
    const browser: RecoveryBrowser = {
      kind: 'launched',
      targetInfo: () => undefined,
      createContext: async () => 'ctx-new',
      createTarget: async (url, context) => {
        if (url === failOn) throw new Error('net::ERR_ABORTED');
        opened.push({ url, context });
        return `new-${opened.length}`;
      },
    };
    return { browser, opened };
  }

  it('reopens a task\'s tabs in id order at their last URL, same ids, an isolated one in a fresh context; unowned rows close', async () => {
    const table = new PageTable(new Database(':memory:'));
    const registry = new OwnershipRegistry();
    table.setTask('a', 't', 'created');
    table.noteLocation('a', 'https://example.test/a', false);
    table.idFor('loose');
    table.setTask('b', 't', 'popup');
    table.noteLocation('b', 'https://example.test/b', false);
    table.setTask('i', 'iso', 'context');
    table.noteLocation('i', 'https://example.test/i', true);
    table.setTask('f', 't', 'created');
    table.noteLocation('f', 'file:///etc/passwd', false);
    const ids = ['a', 'loose', 'b', 'i', 'f'].map(t => table.row(t)!.id);
    const { browser, opened } = launched();
    const recovered = await recoverPages(browser, table, registry, { allowFile: false });
    assert.deepEqual(opened, [
      { url: 'https://example.test/a', context: undefined },
      { url: 'https://example.test/b', context: undefined },
      { url: 'https://example.test/i', context: 'ctx-new' },
      { url: 'about:blank', context: undefined },
    ], 'a URL refused today is not loaded again');
    assert.deepEqual(table.openTabRows().map(r => [r.id, r.targetId, r.task]),
      [[ids[0], 'new-1', 't'], [ids[2], 'new-2', 't'], [ids[3], 'new-3', 'iso'], [ids[4], 'new-4', 't']]);
    assert.deepEqual(recovered.get('t'), { task: 't', found: [], reopened: [ids[0], ids[2], ids[4]], lost: [] });
    assert.equal(recovered.get('iso')?.contextId, 'ctx-new');
    assert.equal(registry.ownerOf('new-2')?.how, 'popup');
    assert.equal(registry.contextOwner('ctx-new'), 'iso');
    const hints = reopenedHints(recovered.get('t')!);
    assert.match(hints[0]!, /tabs 1, 3, 5 were reopened/);
  });

  it('a tab that cannot be reopened is closed and said so; the others still come back', async () => {
    const table = new PageTable(new Database(':memory:'));
    table.setTask('a', 't', 'created');
    table.noteLocation('a', 'https://example.test/broken', false);
    table.setTask('b', 't', 'created');
    table.noteLocation('b', 'https://example.test/b', false);
    const recovered = await recoverPages(launched('https://example.test/broken').browser, table, new OwnershipRegistry(), { allowFile: false });
    assert.deepEqual(table.openTabRows().map(r => r.targetId), ['new-1']);
    assert.deepEqual(recovered.get('t')?.lost.map(l => l.id), [1]);
    assert.match(reopenedHints(recovered.get('t')!)[1]!, /Tab 1 could not be reopened .*ERR_ABORTED/);
  });

  it('a connected browser: tabs still there are claimed again (an isolated task gets its context back); gone ones close', async () => {
    const table = new PageTable(new Database(':memory:'));
    const registry = new OwnershipRegistry();
    table.setTask('kept', 't', 'created');
    table.setTask('iso', 'i', 'context');
    table.noteLocation('iso', 'https://example.test/i', true);
    table.setTask('gone', 't', 'created');
    const targets = new Map([['kept', info('kept')], ['iso', info('iso', 'ctx-old')]]);
    const recovered = await recoverPages({
      kind: 'connected', targetInfo: id => targets.get(id),
      createContext: () => Promise.reject(new Error('not called')), createTarget: () => Promise.reject(new Error('not called')),
    }, table, registry, { allowFile: false });
    assert.deepEqual(table.openTabRows().map(r => r.targetId), ['kept', 'iso']);
    assert.equal(registry.ownerOf('kept')?.task, 't');
    assert.equal(recovered.get('i')?.contextId, 'ctx-old');
    assert.equal(registry.contextOwner('ctx-old'), 'i');
    assert.deepEqual(reopenedHints(recovered.get('t')!), [], 'nothing was reopened, nothing to say');
  });
});
