// The live view's access policy (runtime/view/viewAccess.ts) on its own: which requests get
// in, which are sent to strip the token from the address, and which are refused and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewAccess, type ViewRequest } from '../runtime/view/viewAccess.js';

const access = new ViewAccess(4321);
const request = (fields: Partial<ViewRequest>): ViewRequest =>
  ({ method: 'GET', url: '/', host: '127.0.0.1:4321', origin: undefined, cookie: undefined, ...fields });
/** The view's cookie as @fastify/cookie hands it over (its value, read from a header with others). */
const withCookie = access.token;

test('the token in the URL becomes a cookie and a redirect to the same address without it', () => {
  const verdict = access.judge(request({ url: `/?token=${access.token}&task=a` }));
  assert.deepEqual(verdict, { kind: 'adopt-token', location: '/?task=a' });
  assert.equal(access.cookieName, 'tabwright_view_4321');
  assert.match(access.token, /^[A-Za-z0-9_-]{32}$/);
});

test('the cookie lets a request in; its name carries the port, since cookies ignore ports', () => {
  assert.deepEqual(access.judge(request({ cookie: withCookie })), { kind: 'allowed' });
  assert.deepEqual(access.judge(request({ cookie: withCookie, host: 'localhost:4321' })), { kind: 'allowed' });
  const otherRuntime = new ViewAccess(4322);
  assert.equal(otherRuntime.judge(request({ host: '127.0.0.1:4322', cookie: withCookie })).kind, 'refused');
});

test('no token, a wrong one, or one of another runtime: 401', () => {
  for (const fields of [{}, { cookie: 'nope' }, { url: '/?token=nope' }, { cookie: new ViewAccess(4321).token }]) {
    const verdict = access.judge(request(fields));
    assert.equal(verdict.kind === 'refused' && verdict.statusCode, 401, JSON.stringify(fields));
  }
});

test('a Host that is not the loopback name and port is refused with 403 before the token is looked at', () => {
  for (const host of ['evil.example:4321', '127.0.0.1', '127.0.0.1:80', '0.0.0.0:4321', undefined]) {
    const verdict = access.judge(request({ host, cookie: withCookie }));
    assert.equal(verdict.kind === 'refused' && verdict.statusCode, 403, String(host));
  }
});

test('a request from another origin is refused with 403 even with the cookie', () => {
  const verdict = access.judge(request({ method: 'POST', url: '/api/tasks/a/close', origin: 'http://evil.example', cookie: withCookie }));
  assert.equal(verdict.kind === 'refused' && verdict.statusCode, 403);
  assert.deepEqual(access.judge(request({ method: 'POST', origin: 'http://127.0.0.1:4321', cookie: withCookie })), { kind: 'allowed' });
});
