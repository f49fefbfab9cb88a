// A storage error as a program ends (runtime/receipts/receiptEnds.ts): the receipt database is locked by
// another process when the receipt is to be written. The waiting CLI still gets its answer
// (exit 5, naming the file), and once the lock is gone the receipt is written: after a restart
// it reads as the program ended, never `running`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let server: FixtureServer;
let home: TabwrightHome | undefined;
let holder: Database.Database | undefined;

before(async () => {
  server = await FixtureServer.start();
  // The program asks for /lock last: from then on the test holds the database's write lock.
  server.route('/lock', (_req, res) => {
    holder = new Database(path.join(home!.home, 'receipts.db'));
    holder.exec('BEGIN IMMEDIATE');
    res.writeHead(200).end('locked');
  });
});

after(async () => {
  holder?.close();
  await server?.close();
});

test('a storage error as the receipt is written: the waiting CLI gets exit 5 naming the file; after a restart the receipt is final, not running', { skip, timeout: 900_000 }, async () => {
  home = new TabwrightHome();
  try {
    const r = await home.program('store', 's1', `await fetch('${server.url('/lock')}'); return 'done'`);
    assert.equal(r.code, 5, r.stdout + r.stderr + runtimeLog(home));
    assert.match(r.stdout, /receipts\.db/);
    assert.match(r.stdout, /could not be written/);
    assert.match(r.stdout, /tabwright receipt --task store --request-id s1/);
    holder!.exec('COMMIT');
    holder!.close();
    holder = undefined;
    const stopped = await home.run(['runtime', 'stop']);
    assert.equal(stopped.code, 0, stopped.stdout + stopped.stderr);
    const after = await home.run(['receipt', '--task', 'store', '--request-id', 's1']);
    assert.equal(after.code, 0, after.stdout + runtimeLog(home));
    assert.equal(after.json.status, 'succeeded');
    assert.equal(after.json.result, 'done');
  } finally {
    await home.dispose();
  }
});
