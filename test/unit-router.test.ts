// The router's pure modules, without a browser: URL policy, page-session policy, target
// filters, ownership, session-id rewriting.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkCommittedUrl, checkUrl } from '../router/urlPolicy.js';
import { pageMethodVerdict } from '../router/pageSessionPolicy.js';
import { cookieOfSites, profileVerdict, sitesOf } from '../router/userProfilePolicy.js';
import { admits, DEFAULT_FILTER, filterOf } from '../router/targetFilter.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { relayedReply, swapSessionId } from '../router/wireText.js';
import { deliverFile, numberedName, pathInside, PathOutsideFolderError, reserveFile, safeFileName } from '../contract/fileNaming.js';
import { CdpConnection, type CdpWire, type RelayedReply } from '../transport/cdpConnection.js';
import { recordingLog } from './harness/recordingLog.js';

/** A wire whose browser side the test plays: what was written, and a way to answer. */
function fakeWire(): { wire: CdpWire; written: string[]; answer: (text: string) => void; close: () => void } {
  const written: string[] = [];
  let onMessage: (text: string) => void = () => {};
  let onClose: () => void = () => {};
  return {
    wire: { write: text => { written.push(text); }, onMessage: listener => { onMessage = listener; }, onClose: listener => { onClose = listener; }, close: () => {} },
    written,
    answer: text => onMessage(text),
    close: () => onClose(),
  };
}

describe('url policy', () => {
  it('allows web, data, blob and blank pages; refuses browser-internal ones with why', () => {
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/x', 'data:text/html,hi', 'about:blank', '', 'about:srcdoc'])
      assert.deepEqual(checkUrl(url), { allowed: true }, url);
    const internal = checkUrl('chrome://settings');
    assert.equal(internal.allowed, false);
    assert.match(internal.allowed ? '' : internal.reason, /chrome: URLs are browser-internal/);
    const relative = checkUrl('example.com');
    assert.match(relative.allowed ? '' : relative.reason, /not an absolute URL/);
  });

  it('allows file: only when the runtime was started to allow it', () => {
    const refused = checkUrl('file:///etc/passwd');
    assert.match(refused.allowed ? '' : refused.reason, /runtime start --allow-file-urls/);
    assert.deepEqual(checkUrl('file:///tmp/x.html', { allowFile: true }), { allowed: true });
  });

  it('lets Chrome\'s own error page commit, nothing else internal', () => {
    assert.deepEqual(checkCommittedUrl('chrome-error://chromewebdata/'), { allowed: true });
    assert.equal(checkCommittedUrl('chrome://version').allowed, false);
  });
});

describe('page-session policy', () => {
  it('forwards the target\'s own domains and refuses browser-wide ones', () => {
    assert.deepEqual(pageMethodVerdict('Runtime.evaluate', false), { kind: 'forward' });
    assert.deepEqual(pageMethodVerdict('Network.enable', false), { kind: 'forward' });
    assert.deepEqual(pageMethodVerdict('Tracing.start', false), { kind: 'refuse' });
    assert.deepEqual(pageMethodVerdict('SystemInfo.getInfo', true), { kind: 'refuse' });
  });

  it('allows profile-wide wipes and storage only in an isolated context; page downloads never', () => {
    assert.equal(pageMethodVerdict('Network.clearBrowserCookies', false).kind, 'refuse');
    assert.deepEqual(pageMethodVerdict('Network.clearBrowserCookies', true), { kind: 'forward' });
    assert.equal(pageMethodVerdict('Storage.clearDataForOrigin', false).kind, 'refuse');
    assert.deepEqual(pageMethodVerdict('Storage.clearDataForOrigin', true), { kind: 'forward' });
    assert.equal(pageMethodVerdict('Page.setDownloadBehavior', true).kind, 'refuse');
  });

  it('names what the connection does with each method it handles itself', () => {
    assert.deepEqual(pageMethodVerdict('Page.navigate', false), { kind: 'navigate' });
    assert.deepEqual(pageMethodVerdict('Page.navigateToHistoryEntry', false), { kind: 'historyNavigate' });
    assert.deepEqual(pageMethodVerdict('Page.getFrameTree', false), { kind: 'frameTree' });
    assert.deepEqual(pageMethodVerdict('Browser.setWindowBounds', false), { kind: 'windowBounds' });
    assert.deepEqual(pageMethodVerdict('Target.setAutoAttach', false), { kind: 'autoAttach' });
    // Paths reach the browser only when the runtime allows file access (pageCommands.ts).
    assert.deepEqual(pageMethodVerdict('DOM.setFileInputFiles', true), { kind: 'filePaths' });
    // Browser-level only: on a page session it is refused like any other foreign method.
    assert.deepEqual(pageMethodVerdict('Target.autoAttachRelated', false), { kind: 'refuse' });
  });
});

describe('target filter', () => {
  it('follows CDP: the first matching entry decides, no match excludes', () => {
    assert.equal(admits(DEFAULT_FILTER, 'page'), true);
    assert.equal(admits(DEFAULT_FILTER, 'tab'), false);
    assert.equal(admits(DEFAULT_FILTER, 'browser'), false);
    const tabsOnly = filterOf([{ type: 'tab' }]);
    assert.equal(admits(tabsOnly, 'tab'), true);
    assert.equal(admits(tabsOnly, 'page'), false);
  });

  it('drops malformed entries and falls back to the default for a non-list', () => {
    assert.equal(filterOf('everything'), DEFAULT_FILTER);
    assert.deepEqual(filterOf([1, null, [], { type: 'page' }]), [{ type: 'page' }]);
  });
});

describe('ownership', () => {
  const page = (targetId: string, extra: Record<string, unknown> = {}) => ({ targetId, type: 'page', title: '', url: '', ...extra });

  it('gives a popup to its opener\'s task, and an iframe or worker to its page\'s owner', () => {
    const registry = new OwnershipRegistry();
    registry.claim('P', 'alpha', 'created');
    assert.deepEqual(registry.resolve(page('Q', { openerId: 'P' })), { task: 'alpha', how: 'popup', openerId: 'P' });
    registry.noteTarget({ targetId: 'F', type: 'iframe', title: '', url: '', parentId: 'Q' });
    registry.noteTarget({ targetId: 'W', type: 'worker', title: '', url: '', parentId: 'F' });
    assert.equal(registry.ownerOf('W')?.task, 'alpha');
    assert.equal(registry.pageOf('W'), 'Q');
    assert.equal(registry.pageOf('P'), 'P');
  });

  it('leaves an unknown page and a foreign context unowned; a context decides in isolated mode', () => {
    const registry = new OwnershipRegistry();
    assert.equal(registry.resolve(page('U')), undefined);
    registry.ownContext('C1', 'iso');
    assert.deepEqual(registry.resolve(page('V', { browserContextId: 'C1' })), { task: 'iso', how: 'context' });
    assert.equal(registry.resolve({ targetId: 'SW', type: 'service_worker', title: '', url: '', browserContextId: 'C2' }), undefined);
  });

  it('tells listeners about releases and closes, and settles held creates', () => {
    const registry = new OwnershipRegistry();
    const events: string[] = [];
    registry.on('released', (id: string, task: string, reason: string) => events.push(`${id} ${task} ${reason}`));
    registry.on('settled', () => events.push('settled'));
    registry.beginCreate();
    assert.equal(registry.creating, true);
    registry.claim('P', 't', 'created');
    registry.endCreate();
    registry.release('P', 'refused URL');
    registry.claim('Q', 't', 'adopted');
    registry.closed('Q');
    assert.deepEqual(events, ['settled', 'P t refused URL', 'Q t closed']);
    assert.equal(registry.ownerOf('Q'), undefined);
  });

  it('the start gate forgets a page once it closed, and every page when the browser is gone', () => {
    const registry = new OwnershipRegistry();
    const holder = {};
    registry.starts.setHolder('alpha', holder, true);
    // A thousand popups opened, started by their owner and closed: none is remembered after.
    for (let i = 0; i < 1000; i++) {
      registry.claim(`P${i}`, 'alpha', 'popup');
      registry.starts.ownerStarted(`P${i}`);
      registry.closed(`P${i}`);
    }
    assert.equal(registry.starts.remembered, 0);
    // A foreign resume waiting for its owner, then the browser lost.
    registry.claim('Q', 'alpha', 'created');
    let resumed = false;
    registry.starts.foreignResume('Q', 'page', 'alpha', () => { resumed = true; });
    registry.starts.ownerStarted('R');
    assert.equal(registry.starts.remembered, 2);
    registry.clear();
    assert.equal(registry.starts.remembered, 0);
    assert.equal(resumed, false);
  });
});

describe('session-id rewriting', () => {
  it('swaps only the envelope\'s session id (the last one Chrome writes)', () => {
    const text = '{"method":"Target.attachedToTarget","params":{"sessionId":"REAL"},"sessionId":"REAL"}';
    assert.equal(swapSessionId(text, 'REAL', 'A-page-1'), '{"method":"Target.attachedToTarget","params":{"sessionId":"REAL"},"sessionId":"A-page-1"}');
    assert.equal(swapSessionId(text, 'REAL', undefined), '{"method":"Target.attachedToTarget","params":{"sessionId":"REAL"}}');
    assert.equal(swapSessionId('{"id":1,"result":{}}', 'REAL', 'x'), undefined);
  });

  it('readdresses a reply to the client\'s id and session, or gives up so the caller re-serialises', () => {
    assert.equal(relayedReply('{"id":77,"result":{"a":1},"sessionId":"REAL"}', 3, 'REAL', 'A-page-1'), '{"id":3,"result":{"a":1},"sessionId":"A-page-1"}');
    assert.equal(relayedReply('{"id":77,"result":{}}', 4, undefined, undefined), '{"id":4,"result":{}}');
    // The client used a session the real reply has none of: not rewritable as text.
    assert.equal(relayedReply('{"id":77,"result":{}}', 4, undefined, 'A-browser-1'), undefined);
    assert.equal(relayedReply('{"result":{}}', 4, undefined, undefined), undefined);
  });
});

describe('replies relayed without a parse', () => {
  it('hands on Chrome\'s text as written, in order with the events around it; parsed replies still parse', () => {
    const fake = fakeWire();
    const cdp = new CdpConnection(fake.wire, recordingLog().log);
    const seen: string[] = [];
    cdp.listenToSession('S', (event, text) => seen.push(`event ${event.method} ${text}`));
    cdp.relay('Runtime.evaluate', { expression: '1' }, 'S', reply => seen.push(`relay ${JSON.stringify(reply)}`));
    cdp.request('Page.getFrameTree', {}, 'S', message => seen.push(`request ${JSON.stringify(message.result)}`));
    assert.deepEqual(fake.written.map(text => JSON.parse(text)), [
      { id: 1, method: 'Runtime.evaluate', params: { expression: '1' }, sessionId: 'S' },
      { id: 2, method: 'Page.getFrameTree', params: {}, sessionId: 'S' },
    ]);
    // Odd spacing a parse-and-serialise would lose: the relayed text must be Chrome's own.
    fake.answer('{"id":1,"result":{"result":{"type":"number","value":1 }},"sessionId":"S"}');
    fake.answer('{"method":"Page.loadEventFired","params":{"timestamp":1},"sessionId":"S"}');
    fake.answer('{"id":2,"result":{"frameTree":{}},"sessionId":"S"}');
    assert.deepEqual(seen, [
      'relay {"text":"{\\"id\\":1,\\"result\\":{\\"result\\":{\\"type\\":\\"number\\",\\"value\\":1 }},\\"sessionId\\":\\"S\\"}"}',
      'event Page.loadEventFired {"method":"Page.loadEventFired","params":{"timestamp":1},"sessionId":"S"}',
      'request {"frameTree":{}}',
    ]);
  });

  it('answers a relay with a message of its own when the browser is gone, before or while it waits', () => {
    const fake = fakeWire();
    const cdp = new CdpConnection(fake.wire, recordingLog().log);
    const replies: RelayedReply[] = [];
    cdp.relay('Runtime.evaluate', {}, 'S', reply => replies.push(reply));
    fake.close();
    cdp.relay('Runtime.evaluate', {}, 'S', reply => replies.push(reply));
    assert.equal(replies.length, 2);
    for (const reply of replies) {
      assert.ok('message' in reply, 'no text: the connection answered');
      assert.equal(reply.message.error?.code, -32000);
      assert.match(reply.message.error?.message ?? '', /Browser has disconnected/);
    }
  });
});

describe('file names a page chose (fileNaming.ts)', () => {
  it('a suggested name becomes one plain file name: no folder, no dot-dot, no hidden file, no controls', () => {
    assert.equal(safeFileName('report.csv'), 'report.csv');
    assert.equal(safeFileName('../../.ssh/authorized_keys'), 'authorized_keys');
    assert.equal(safeFileName('..\\..\\boot.ini'), 'boot.ini');
    assert.equal(safeFileName('..'), 'download');
    assert.equal(safeFileName('.'), 'download');
    assert.equal(safeFileName(''), 'download');
    assert.equal(safeFileName('', 'guid-1'), 'guid-1');
    assert.equal(safeFileName('.bashrc'), 'bashrc');
    assert.equal(safeFileName('a\u0000b\nc:d*e?.txt'), 'a_b_c_d_e_.txt');
    assert.equal(safeFileName('trailing. . '), 'trailing');
    const long = safeFileName(`${'é'.repeat(300)}.pdf`);
    assert.ok(Buffer.byteLength(long) <= 200 && long.endsWith('.pdf'), long);
  });

  it('a path is only ever one entry inside its folder', () => {
    assert.equal(pathInside('/h/artifacts/t', 'r1-1.png'), '/h/artifacts/t/r1-1.png');
    for (const name of ['..', '.', '', '../x', 'a/b', '/etc/passwd'])
      assert.throws(() => pathInside('/h/artifacts/t', name), PathOutsideFolderError, name);
  });

  it('an existing file is never replaced: the next free numbered name, the extension kept last', async () => {
    assert.equal(numberedName('report.txt', 2), 'report (2).txt');
    assert.equal(numberedName('README', 1), 'README (1)');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-names-'));
    try {
      const source = path.join(folder, 'source');
      fs.writeFileSync(source, 'new');
      const into = path.join(folder, 'into');
      fs.mkdirSync(into);
      fs.writeFileSync(path.join(into, 'report.txt'), 'old');
      assert.equal(await deliverFile(source, into, 'report.txt'), path.join(into, 'report (1).txt'));
      assert.equal(await deliverFile(source, into, 'report.txt'), path.join(into, 'report (2).txt'));
      assert.equal(fs.readFileSync(path.join(into, 'report.txt'), 'utf8'), 'old');
      assert.equal(fs.readFileSync(path.join(into, 'report (2).txt'), 'utf8'), 'new');
      const reserved = await Promise.all([reserveFile(into, 'x.bin'), reserveFile(into, 'x.bin')]);
      assert.deepEqual(reserved.sort(), [path.join(into, 'x (1).bin'), path.join(into, 'x.bin')], 'two at once both get a name of their own');
      await assert.rejects(deliverFile(source, into, '..'), PathOutsideFolderError);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a connected browser\'s own profile (userProfilePolicy.ts)', () => {
  const sites = sitesOf(['https://shop.example.com/cart', 'http://127.0.0.1:8080/a', 'about:blank', 'data:text/html,x']);
  const verdict = (method: string, params: Record<string, unknown>) => profileVerdict(method, params, sites).kind;

  it('takes the sites of the task\'s pages: http(s) origins and hosts only', () => {
    assert.deepEqual([...sites.origins].sort(), ['http://127.0.0.1:8080', 'https://shop.example.com']);
    assert.deepEqual([...sites.hosts].sort(), ['127.0.0.1', 'shop.example.com']);
  });

  it('a cookie is the task\'s when a page host domain-matches it; host-only cookies need the host itself', () => {
    assert.equal(cookieOfSites({ domain: 'shop.example.com' }, sites), true);
    assert.equal(cookieOfSites({ domain: '.example.com' }, sites), true, 'a domain cookie the page is sent');
    assert.equal(cookieOfSites({ domain: 'example.com' }, sites), false, 'host-only for another host');
    assert.equal(cookieOfSites({ domain: '.mail.example.com' }, sites), false);
    assert.equal(cookieOfSites({ domain: '127.0.0.1' }, sites), true, 'ports do not count for cookies');
    assert.equal(cookieOfSites({ domain: '.ample.com' }, sites), false, 'a suffix that is not a label boundary');
    assert.equal(cookieOfSites({}, sites), false);
  });

  it('cookies are set, deleted or read by URL only for the task\'s sites', () => {
    assert.equal(verdict('Storage.getCookies', {}), 'filterCookies');
    assert.equal(verdict('Storage.setCookies', { cookies: [{ name: 'a', value: '1', url: 'https://shop.example.com/' }, { name: 'b', value: '1', domain: '.example.com' }] }), 'forward');
    assert.equal(verdict('Storage.setCookies', { cookies: [{ name: 'a', value: '1', url: 'https://shop.example.com/' }, { name: 'b', value: '1', domain: 'bank.com' }] }), 'refuse');
    assert.equal(verdict('Network.setCookie', { name: 'a', value: '1', url: 'https://shop.example.com/', domain: 'bank.com' }), 'refuse', 'both named: both must be the task\'s');
    assert.equal(verdict('Network.deleteCookies', { name: 'a' }), 'refuse', 'naming no site');
    assert.equal(verdict('Network.getCookies', {}), 'filterCookies', 'every frame\'s URL: a frame of another site too (issue 38)');
    assert.equal(verdict('Network.getCookies', { urls: ['https://shop.example.com/x', 'https://bank.com/'] }), 'refuse');
    assert.equal(verdict('Network.loadNetworkResource', { url: 'https://bank.com/statement', frameId: 'F' }), 'refuse');
    assert.equal(verdict('Network.loadNetworkResource', { url: 'https://shop.example.com/img.png', frameId: 'F' }), 'forward');
  });

  it('permissions only with the exact origin of a task page', () => {
    assert.equal(verdict('Browser.grantPermissions', { permissions: ['geolocation'] }), 'refuse');
    assert.equal(verdict('Browser.grantPermissions', { permissions: ['geolocation'], origin: 'https://shop.example.com' }), 'forward');
    assert.equal(verdict('Browser.grantPermissions', { permissions: ['geolocation'], origin: 'http://shop.example.com' }), 'refuse', 'the scheme is part of the origin');
    assert.equal(verdict('Browser.setPermission', { permission: { name: 'camera' }, setting: 'granted', origin: 'https://bank.com' }), 'refuse');
  });

  it('storage by origin, first-party key, bucket, DOM storage id or cache id of a task page; partitioned keys refused', () => {
    assert.equal(verdict('IndexedDB.requestDatabaseNames', { securityOrigin: 'https://shop.example.com' }), 'forward');
    assert.equal(verdict('IndexedDB.requestDatabaseNames', { storageKey: 'https://shop.example.com/' }), 'forward');
    assert.equal(verdict('IndexedDB.requestDatabaseNames', { storageKey: 'https://shop.example.com/^0https://bank.com' }), 'refuse');
    assert.equal(verdict('IndexedDB.deleteDatabase', { storageBucket: { storageKey: 'https://bank.com/', name: 'b' }, databaseName: 'd' }), 'refuse');
    assert.equal(verdict('IndexedDB.requestDatabaseNames', {}), 'refuse', 'naming nothing');
    assert.equal(verdict('IndexedDB.enable', {}), 'forward');
    assert.equal(verdict('DOMStorage.getDOMStorageItems', { storageId: { securityOrigin: 'http://127.0.0.1:8080', isLocalStorage: true } }), 'forward');
    assert.equal(verdict('DOMStorage.clear', { storageId: { storageKey: 'http://127.0.0.1:9090/', isLocalStorage: true } }), 'refuse', 'another port is another origin');
    assert.equal(verdict('CacheStorage.requestEntries', { cacheId: 'https://shop.example.com/|v1' }), 'forward');
    assert.equal(verdict('CacheStorage.deleteCache', { cacheId: 'https://bank.com/|bucket|v1' }), 'refuse');
    assert.equal(verdict('CacheStorage.requestCacheNames', { securityOrigin: 'https://shop.example.com', storageKey: 'https://bank.com/' }), 'refuse', 'every storage named must be the task\'s');
  });

  it('is asked on a page session only in a connected browser\'s shared context', () => {
    assert.deepEqual(pageMethodVerdict('IndexedDB.requestDatabaseNames', false, true), { kind: 'userProfile' });
    assert.deepEqual(pageMethodVerdict('Network.getCookies', false, true), { kind: 'userProfile' });
    assert.deepEqual(pageMethodVerdict('Network.getCookies', false, false), { kind: 'forward' }, 'a launched browser\'s profile is the runtime\'s');
    assert.deepEqual(pageMethodVerdict('Network.getCookies', true, true), { kind: 'forward' }, 'an isolated task\'s context is its own');
    assert.deepEqual(pageMethodVerdict('Network.enable', false, true), { kind: 'forward' });
    assert.deepEqual(pageMethodVerdict('Network.getAllCookies', false, true).kind, 'refuse');
  });
});
