// Issue 38 item 10: a command sent on a session Chrome then detached is never answered by
// Chrome (probed on Chromium 156: a `Runtime.evaluate` awaiting a promise that never settles,
// then its session detached, or the browser session it hangs off detached: no reply ever).
// CdpConnection answers such commands itself when Chrome reports the detach, for the session and
// every session attached through it, so nothing a gone client sent stays pending for the
// browser's life. A fake wire stands for Chrome: only the connection's bookkeeping is tested.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CdpConnection, type CdpMessage, type CdpWire, type RelayedReply } from '../transport/cdpConnection.js';
import { recordingLog } from './harness/recordingLog.js';

function fakeChrome(): { wire: CdpWire; written: { id: number; method: string; sessionId?: string }[]; deliver: (message: object) => void } {
  const written: { id: number; method: string; sessionId?: string }[] = [];
  let listener: (text: string) => void = () => {};
  return {
    wire: { write: text => { written.push(JSON.parse(text)); }, onMessage: l => { listener = l; }, onClose: () => {}, close: () => {} },
    written,
    deliver: message => listener(JSON.stringify(message)),
  };
}

const attached = (sessionId: string, on?: string) => ({
  method: 'Target.attachedToTarget',
  params: { sessionId, targetInfo: { targetId: `T-${sessionId}`, type: 'page', title: '', url: '', attached: true, canAccessOpener: false }, waitingForDebugger: false },
  ...(on ? { sessionId: on } : {}),
});
const detached = (sessionId: string, on?: string) => ({ method: 'Target.detachedFromTarget', params: { sessionId, targetId: `T-${sessionId}` }, ...(on ? { sessionId: on } : {}) });

/** What a relayed reply carried: Chrome's text parsed, or the connection's own message. */
const messageOf = (reply: RelayedReply): CdpMessage => ('text' in reply ? JSON.parse(reply.text) as CdpMessage : reply.message);

const SESSION_GONE = { code: -32001, message: 'Session with given id not found.' };

describe('commands on a session Chrome detached are answered (transport/cdpConnection.ts)', () => {
  it('request, relay and raw pending on a session are answered with Chrome\'s closed-session error when it detaches', async () => {
    const chrome = fakeChrome();
    const cdp = new CdpConnection(chrome.wire, recordingLog().log, { answerLimitMs: 600_000 });
    chrome.deliver(attached('P'));
    const requested: CdpMessage[] = [];
    const relayed: CdpMessage[] = [];
    cdp.request('Runtime.evaluate', { expression: 'new Promise(() => {})', awaitPromise: true }, 'P', m => requested.push(m));
    cdp.relay('Runtime.evaluate', { expression: 'new Promise(() => {})', awaitPromise: true }, 'P', r => relayed.push(messageOf(r)));
    const raw = cdp.raw('Runtime.evaluate', { expression: 'new Promise(() => {})', awaitPromise: true }, 'P');
    cdp.request('Runtime.evaluate', { expression: '1' }, 'OTHER', m => requested.push(m));
    assert.equal(cdp.pendingCount, 4);
    chrome.deliver(detached('P'));
    assert.deepEqual(requested.map(m => m.error), [SESSION_GONE]);
    assert.deepEqual(relayed.map(m => m.error), [SESSION_GONE]);
    assert.deepEqual((await raw).error, SESSION_GONE);
    assert.equal(cdp.pendingCount, 1, 'only the command on the session still attached waits');
    // A late answer for a dropped id (there is none from Chrome; a stray one) is ignored.
    chrome.deliver({ id: chrome.written[0]!.id, result: {}, sessionId: 'P' });
    assert.equal(requested.length, 1);
  });

  it('sessions attached through a detached session (a client\'s browser session, its pages, their frames) are answered too', () => {
    const chrome = fakeChrome();
    const cdp = new CdpConnection(chrome.wire, recordingLog().log);
    chrome.deliver(attached('B'));
    chrome.deliver(attached('P', 'B'));
    chrome.deliver(attached('F', 'P'));
    chrome.deliver(attached('Q'));
    const answered: string[] = [];
    for (const session of ['B', 'P', 'F', 'Q']) cdp.request('Runtime.evaluate', {}, session, m => answered.push(`${session}:${m.error?.code}`));
    // Chrome reports only the browser session's detach (its sessions end with it, unreported).
    chrome.deliver(detached('B'));
    assert.deepEqual(answered.sort(), ['B:-32001', 'F:-32001', 'P:-32001']);
    assert.equal(cdp.pendingCount, 1);
  });

  it('a command sent after the detach is answered by Chrome itself (nothing is refused early); the session\'s record is gone', () => {
    const chrome = fakeChrome();
    const cdp = new CdpConnection(chrome.wire, recordingLog().log);
    chrome.deliver(attached('P'));
    chrome.deliver(detached('P'));
    const answered: CdpMessage[] = [];
    cdp.request('Runtime.evaluate', {}, 'P', m => answered.push(m));
    assert.equal(chrome.written.at(-1)!.sessionId, 'P', 'sent to Chrome');
    chrome.deliver({ id: chrome.written.at(-1)!.id, error: SESSION_GONE, sessionId: 'P' });
    assert.deepEqual(answered.map(m => m.error), [SESSION_GONE]);
    assert.equal(cdp.trackedSessions, 0, 'no record of a detached session is kept');
  });
});
