// The live view's access policy (runtime/view/viewAccess.ts) and its secrets
// (viewSessions.ts) on their own: which requests get in and why the others are refused; how a
// token or a one-time code becomes a session, and what a code used twice does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewAccess, type ViewRequest } from '../runtime/view/viewAccess.js';
import { ONE_TIME_CODE_MS, ViewSessions } from '../runtime/view/viewSessions.js';

const sessions = new ViewSessions();
const access = new ViewAccess(4321, new Set(['/', '/view.js']), session => sessions.holds(session));
const request = (fields: Partial<ViewRequest>): ViewRequest =>
  ({ method: 'GET', url: '/api/tasks/a/receipts', host: '127.0.0.1:4321', origin: undefined, authorization: undefined, ...fields });
const redeemed = sessions.redeem({ token: sessions.token });
assert.ok(redeemed.ok);
const bearer = `Bearer ${redeemed.session}`;

test('the view\'s own static files and the session exchange are open; everything else needs a live session', () => {
  assert.deepEqual(access.judge(request({ url: '/?task=a' })), { kind: 'allowed' });
  assert.deepEqual(access.judge(request({ url: '/view.js' })), { kind: 'allowed' });
  assert.deepEqual(access.judge(request({ method: 'POST', url: '/session', origin: 'http://127.0.0.1:4321' })), { kind: 'allowed' });
  assert.deepEqual(access.judge(request({ authorization: bearer })), { kind: 'allowed', session: redeemed.session });
  assert.deepEqual(access.judge(request({ authorization: bearer, host: 'localhost:4321' })), { kind: 'allowed', session: redeemed.session });
  for (const fields of [{}, { authorization: 'Bearer nope' }, { authorization: redeemed.session }, { url: '/events' }, { method: 'POST', url: '/view.js' }, { url: `/?token=${sessions.token}`, method: 'POST' }]) {
    const verdict = access.judge(request(fields));
    assert.equal(verdict.kind === 'refused' && verdict.statusCode, 401, JSON.stringify(fields));
  }
  // A token is not a session: it is exchanged, never sent with requests.
  assert.equal(access.judge(request({ authorization: `Bearer ${sessions.token}` })).kind, 'refused');
});

test('a Host that is not the loopback name and port is refused with 403 before anything else, the static files included', () => {
  for (const host of ['evil.example:4321', '127.0.0.1', '127.0.0.1:80', '0.0.0.0:4321', undefined]) {
    for (const url of ['/', '/api/tasks/a/receipts']) {
      const verdict = access.judge(request({ host, url, authorization: bearer }));
      assert.equal(verdict.kind === 'refused' && verdict.statusCode, 403, `${host} ${url}`);
    }
  }
});

test('a request from another origin is refused with 403 even with a session', () => {
  const verdict = access.judge(request({ method: 'POST', url: '/api/tasks/a/close', origin: 'http://evil.example', authorization: bearer }));
  assert.equal(verdict.kind === 'refused' && verdict.statusCode, 403);
  const exchange = access.judge(request({ method: 'POST', url: '/session', origin: 'http://127.0.0.1:9999' }));
  assert.equal(exchange.kind === 'refused' && exchange.statusCode, 403, 'another local port is another origin');
  assert.equal(access.judge(request({ method: 'POST', origin: 'http://127.0.0.1:4321', authorization: bearer })).kind, 'allowed');
});

test('the token gives a new session each time; a wrong token or another runtime\'s gives none', () => {
  const other = new ViewSessions();
  const a = sessions.redeem({ token: sessions.token });
  const b = sessions.redeem({ token: sessions.token });
  assert.ok(a.ok && b.ok && a.session !== b.session);
  assert.match(sessions.token, /^[A-Za-z0-9_-]{32}$/);
  for (const token of ['nope', other.token, '']) assert.equal(sessions.redeem({ token }).ok, false, token);
  assert.equal(other.holds(a.ok ? a.session : ''), false);
});

test('a one-time code is good once and for two minutes; used twice, it ends the session its first use made', () => {
  let now = 1_000_000;
  const clock = new ViewSessions(() => now);
  const code = clock.oneTimeCode();
  const first = clock.redeem({ code });
  assert.ok(first.ok);
  assert.ok(clock.holds(first.session));
  const second = clock.redeem({ code });
  assert.equal(second.ok, false);
  assert.ok(!second.ok && second.ended === first.session && /already used/.test(second.reason));
  assert.equal(clock.holds(first.session), false, 'neither party keeps the view');
  assert.equal(clock.redeem({ code }).ok, false, 'and it stays used');

  const late = clock.oneTimeCode();
  now += ONE_TIME_CODE_MS + 1;
  const expired = clock.redeem({ code: late });
  assert.ok(!expired.ok && /expired/.test(expired.reason));
  assert.equal(clock.redeem({ code: 'made-up' }).ok, false);
});
