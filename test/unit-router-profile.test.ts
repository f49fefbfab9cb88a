// Issue 38, the parts of items 2, 4 and 12 that are decided without a browser: which cookie
// values an event shows (profileEvents.ts), a popup claimed only when created (ownership.ts),
// and what a person types held back from events (personHoldEvents.ts). The end-to-end tests
// (router-profile-cookies, router-adopt-boundaries, handoff-hold) show each on real Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import { ProfileEvents } from '../router/profileEvents.js';
import { PersonHoldEvents } from '../router/personHoldEvents.js';
import { OwnershipRegistry, type TargetInfo } from '../router/ownership.js';
import type { TargetSession } from '../router/sessionTable.js';

const event = (method: string, params: Record<string, unknown>) => ({ method, params }) as unknown as CdpEvent;
const page: TargetSession = { clientId: 'T-page-1', realId: 'R1', targetId: 'P', type: 'page', contextId: 'default' };
const frame: TargetSession = { clientId: 'F', realId: 'F', targetId: 'F', type: 'iframe', contextId: 'default', parent: page };
const cookie = (name: string, value: string, domain: string) => ({ name, value, domain, path: '/', expires: -1, size: 1, httpOnly: true, secure: false, session: true });

describe('a connected profile\'s events show the cookie values of the task\'s sites only (profileEvents.ts)', () => {
  const events = (guarded = true) => new ProfileEvents(() => ['https://app.example.com/home'], () => true, () => guarded);

  it('passes everything untouched off the user\'s profile, and every event that carries no cookie', () => {
    const extra = event('Network.requestWillBeSentExtraInfo', { requestId: '1', associatedCookies: [{ cookie: cookie('s', 'v', 'bank.com'), blockedReasons: [] }], headers: { Cookie: 's=v' } });
    assert.equal(events(false).rewrite(page, extra), undefined);
    assert.equal(events().rewrite(page, event('Page.frameNavigated', { frame: {} })), undefined);
    assert.equal(events().rewrite(page, event('Network.requestWillBeSentExtraInfo', { requestId: '1', associatedCookies: [], headers: {} })), undefined);
  });

  it('a request\'s cookies and Cookie header keep the pairs of the task\'s sites, nothing else', () => {
    const shown = events().rewrite(page, event('Network.requestWillBeSentExtraInfo', {
      requestId: '1',
      associatedCookies: [
        { cookie: cookie('own', '1', 'app.example.com'), blockedReasons: [] },
        { cookie: cookie('shared', '2', '.example.com'), blockedReasons: [] },
        { cookie: cookie('bank', '3', 'bank.com'), blockedReasons: ['SameSiteLax'] },
      ],
      headers: { Cookie: 'own=1; shared=2; planted=4', Accept: '*/*' },
    })) as { params: { associatedCookies: { cookie: { name: string } }[]; headers: Record<string, string> } };
    assert.deepEqual(shown.params.associatedCookies.map(c => c.cookie.name), ['own', 'shared']);
    assert.deepEqual(shown.params.headers, { Cookie: 'own=1; shared=2', Accept: '*/*' });
  });

  it('a response\'s Set-Cookie shows for a request to a task\'s site, and goes for another or for one never seen', () => {
    const profile = events();
    const response = (requestId: string) => event('Network.responseReceivedExtraInfo', {
      requestId, blockedCookies: [], statusCode: 200, headers: { 'Set-Cookie': 'a=secret', 'Content-Type': 'text/html' },
      headersText: 'HTTP/1.1 200 OK\r\nSet-Cookie: a=secret\r\nContent-Type: text/html\r\n\r\n',
    });
    profile.rewrite(page, event('Network.requestWillBeSent', { requestId: 'own', request: { url: 'https://app.example.com/x', headers: {} }, type: 'XHR', frameId: 'P' }));
    profile.rewrite(page, event('Network.requestWillBeSent', { requestId: 'theirs', request: { url: 'https://bank.com/x', headers: {} }, type: 'XHR', frameId: 'P' }));
    assert.equal(profile.rewrite(page, response('own')), undefined);
    for (const requestId of ['theirs', 'unknown']) {
      const shown = profile.rewrite(page, response(requestId)) as { params: { headers: Record<string, string>; headersText: string } };
      assert.deepEqual(shown.params.headers, { 'Content-Type': 'text/html' }, requestId);
      assert.equal(shown.params.headersText, 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n', requestId);
    }
  });

  it('the page\'s own navigation is its site before it commits; a frame\'s document is not', () => {
    const profile = events();
    const setCookie = (session: TargetSession) => {
      profile.rewrite(session, event('Network.requestWillBeSent', { requestId: 'nav', request: { url: 'https://shop.example.org/', headers: {} }, type: 'Document', frameId: session.targetId }));
      return profile.rewrite(session, event('Network.responseReceivedExtraInfo', { requestId: 'nav', blockedCookies: [], statusCode: 200, headers: { 'set-cookie': 'cart=1' } }));
    };
    assert.equal(setCookie(page), undefined, 'the page goes there: its cookies are the task\'s');
    assert.ok(setCookie(frame), 'a frame of another site');
  });

  it('a Set-Cookie line Chrome could not parse is shown only for a task\'s site', () => {
    const issue = (cookieUrl: string) => event('Audits.issueAdded', { issue: { code: 'CookieIssue', details: { cookieIssueDetails: { rawCookieLine: 'x=secret; Domain=', cookieUrl, cookieWarningReasons: [], cookieExclusionReasons: [], operation: 'SetCookie' } } } });
    assert.equal(events().rewrite(page, issue('https://app.example.com/')), undefined);
    const shown = events().rewrite(page, issue('https://bank.com/')) as unknown as { params: { issue: { details: { cookieIssueDetails: Record<string, unknown> } } } };
    assert.equal(shown.params.issue.details.cookieIssueDetails.rawCookieLine, undefined);
    assert.equal(shown.params.issue.details.cookieIssueDetails.cookieUrl, 'https://bank.com/');
  });
});

describe('a tab is a popup of a task\'s page only when created (ownership.ts)', () => {
  const info = (targetId: string, openerId?: string): TargetInfo => ({ targetId, type: 'page', title: '', url: 'https://a.example/', ...(openerId ? { openerId } : {}) });

  it('claims by opener on first sight; a tab seen before its opener was owned stays unowned', () => {
    const registry = new OwnershipRegistry();
    registry.resolve(info('X'));
    registry.resolve(info('Y', 'X'));
    registry.claim('X', 't', 'adopted');
    assert.equal(registry.resolve(info('Y', 'X')), undefined, 'Y navigated after X was adopted');
    assert.equal(registry.resolve(info('Z', 'X'))?.how, 'popup', 'Z is opened by X now');
  });

  it('a popup released (a refused URL, release) is not claimed back through its opener', () => {
    const registry = new OwnershipRegistry();
    registry.claim('X', 't', 'created');
    assert.equal(registry.resolve(info('Y', 'X'))?.task, 't');
    registry.release('Y', 'refused');
    assert.equal(registry.resolve(info('Y', 'X')), undefined);
  });
});

describe('what a person types during a hand-over is held back from events (personHoldEvents.ts)', () => {
  const acked: unknown[] = [];
  const cdp = { raw: (method: string, params: unknown) => { acked.push([method, params]); return Promise.resolve({}); } } as unknown as CdpConnection;
  let hold: string | undefined;
  const events = new PersonHoldEvents(cdp, () => hold);
  const post = event('Network.requestWillBeSent', { requestId: 'r1', request: { url: 'https://a.example/signin', method: 'POST', headers: {}, postData: 'pass=secret', hasPostData: true } });

  it('passes every event outside a hand-over', () => {
    hold = undefined;
    assert.equal(events.rewrite(page, post), undefined);
    assert.equal(events.rewrite(page, event('DOM.characterDataModified', { nodeId: 1, characterData: 'typed' })), undefined);
  });

  it('while a person works: a request body cut (and remembered), screencast frames acknowledged and held, DOM events held', () => {
    hold = 'Sign in';
    const shown = events.rewrite(page, post) as unknown as { params: { request: Record<string, unknown> } };
    assert.equal(shown.params.request.postData, undefined);
    assert.equal(shown.params.request.hasPostData, true);
    assert.equal(events.withheld(page, 'r1'), true);
    assert.equal(events.withheld({ ...page, clientId: 'another session of the page' }, 'r1'), true, 'by target, whichever session asks');
    assert.equal(events.rewrite(page, event('Page.screencastFrame', { data: 'x', sessionId: 7, metadata: {} })), null);
    assert.deepEqual(acked, [['Page.screencastFrameAck', { sessionId: 7 }]]);
    assert.equal(events.rewrite(page, event('DOM.characterDataModified', { nodeId: 1, characterData: 'typed' })), null);
    assert.equal(events.rewrite(page, event('DOM.documentUpdated', {})), undefined, 'the client learns its DOM is stale');
    assert.equal(events.rewrite(page, event('Page.frameNavigated', { frame: {} })), undefined);
    hold = undefined;
    assert.equal(events.withheld(page, 'r1'), true, 'after the hand-over too');
  });
});
