// Observation never blocks or drops CDP traffic (router/commandTap.ts): the router forwards a
// command (relays an event) first and hands it to the task's tap after, and a tap that throws
// is told `unobserved` while the traffic goes on. Against a real Chromium: the router alone
// with a tap that always throws; and the whole runtime with its receipt database locked under
// a program's click (the first save of `possible` is refused: before receiptEnds.ts it threw
// in the tap and the click never reached Chrome).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BrowserProcess } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { DownloadRelay } from '../router/downloadRelay.js';
import { RouterServer } from '../router/routerServer.js';
import type { CommandTap } from '../router/commandTap.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { recordingLog } from './harness/recordingLog.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

test('a tap that throws on every message: commands still get their replies, events still arrive, the tap hears unobserved', { skip, timeout: 300_000 }, async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-taps-'));
  const browser = await BrowserProcess.launch({ executablePath: locateBrowser(undefined, { headless: true }).path!, profileDir: profile, headless: true, log: recordingLog().log });
  const registry = new OwnershipRegistry();
  const downloads = new DownloadRelay(browser.connection, registry, path.join(profile, 'downloads'), true);
  const router = new RouterServer(registry, () => ({ cdp: browser.connection, version: browser.version, downloads, userProfile: false }), recordingLog().log);
  const unobserved: string[] = [];
  const tap: CommandTap = {
    command: () => { throw Object.assign(new Error('database is locked'), { name: 'SqliteError' }); },
    event: () => { throw Object.assign(new Error('database is locked'), { name: 'SqliteError' }); },
    unobserved: reason => { unobserved.push(reason); },
  };
  let client: RawCdpClient | undefined;
  try {
    await downloads.start(false);
    await router.listen();
    const url = router.open({ name: 'observed', urlPolicy: { allowFile: false }, headless: true, tap });
    client = await RawCdpClient.connect(url);
    const { targetId } = await client.call('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await client.call('Target.attachToTarget', { targetId, flatten: true });
    const answer = await client.call('Runtime.evaluate', { expression: '6 * 7', returnByValue: true }, sessionId);
    assert.equal(answer.result.value, 42);
    await client.call('Runtime.enable', {}, sessionId);
    await client.nextEvent(e => e.method === 'Runtime.executionContextCreated' && e.sessionId === sessionId);
    assert.ok(unobserved.some(r => /failed to observe Target\.createTarget \(SqliteError: database is locked\)/.test(r)), unobserved.join('\n'));
    assert.ok(unobserved.some(r => /Runtime\.evaluate/.test(r)), unobserved.join('\n'));
    assert.ok(unobserved.some(r => /Runtime\.executionContextCreated/.test(r)), unobserved.join('\n'));
  } finally {
    client?.close();
    await router.close();
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

let server: FixtureServer;
let holder: Database.Database | undefined;
let home: TabwrightHome | undefined;

before(async () => {
  server = await FixtureServer.start();
  server.page('/button', '<title>before</title><button onclick="document.title = \'clicked\'">Press</button>');
  // The program asks for these around its click: the test holds the runtime's database's write lock in between.
  server.route('/lock', (_req, res) => {
    holder = new Database(path.join(home!.home, 'receipts.db'));
    holder.exec('BEGIN IMMEDIATE');
    res.writeHead(200).end('locked');
  });
  server.route('/unlock', (_req, res) => {
    holder?.exec('COMMIT');
    holder?.close();
    holder = undefined;
    res.writeHead(200).end('unlocked');
  });
});

after(async () => {
  holder?.close();
  await server?.close();
});

test('a click while the receipt database is locked: the click happens, and the receipt says possible', { skip, timeout: 600_000 }, async () => {
  home = new TabwrightHome();
  try {
    const r = await home.program('locked', 'l1', `
      await page.goto('${server.url('/button')}');
      await fetch('${server.url('/lock')}');
      try {
        await page.getByRole('button', { name: 'Press' }).click();
      } finally {
        await fetch('${server.url('/unlock')}');
      }
      return await page.title();`);
    assert.equal(r.code, 0, r.stdout + runtimeLog(home));
    assert.equal(r.json.result, 'clicked');
    assert.equal(r.json.mutationState, 'possible');
    assert.ok(r.json.mutations?.some((m: string) => /click/.test(m)), JSON.stringify(r.json.mutations));
  } finally {
    await home.dispose();
  }
});
