// Issue 38 item 13: after `tabwright release`, the task's next receipt says what is true. Release
// stops the task's worker (so `state` is reset) and gives its tabs up (they stay open in the
// browser, no longer the task's): the next program starts on a new tab, and its receipt must
// not say "tabs were kept". Both when the task was idle and when a program ran at the release.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { explain, until } from './harness/testAids.js';
import { withProgressHint } from '../runtime/receipts/receiptAssembly.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const home = new TabwrightHome({ prefix: 'tw-release-hint-' });
after(() => home.dispose());

function assertReleasedHint(hints: string[] | undefined, what: string): void {
  const text = (hints ?? []).join('\n');
  assert.doesNotMatch(text, /tabs were kept/, what);
  assert.match(text, /The task was released since its last program: its worker stopped, so `state` was reset, and the tabs it had are no longer its own/, what);
}

test('release of an idle task: the next receipt says state was reset and the tabs are no longer its own, not that they were kept', { skip, timeout: testTimeout(4) }, async () => {
  const first = await home.program('idle-r', 'i1', `await page.setContent('<h1>one</h1>'); state.kept = 1; return 1`);
  assert.equal(first.code, 0, explain(first, home));
  const firstPage = first.json.page;
  const released = await home.run(['release', '--task', 'idle-r']);
  assert.equal(released.code, 0, explain(released, home));
  assert.deepEqual(released.json.released, [firstPage]);

  const next = await home.program('idle-r', 'i2', `return { kept: state.kept ?? null, heading: await page.locator('h1').count() }`);
  assert.equal(next.code, 0, explain(next, home));
  assert.deepEqual(next.json.result, { kept: null, heading: 0 }, 'state was reset and the page is a new one');
  assert.ok(!next.json.pages.some((p: { id: number }) => p.id === firstPage), explain(next, home));
  assertReleasedHint(next.json.hints, explain(next, home));
  // Said once: the program after it starts from its own state.
  const third = await home.program('idle-r', 'i3', 'return 3');
  assert.equal((third.json.hints ?? []).length, 0, explain(third, home));
});

test('release while a program runs: it ends interrupted (released), and the next receipt does not say the tabs were kept', { skip, timeout: testTimeout(4) }, async () => {
  const submitted = await home.program('busy-r', 'b1', `await page.setContent('<h1>one</h1>'); state.kept = 1; await new Promise(() => {})`, ['--wait', '0']);
  assert.equal(submitted.code, 3, explain(submitted, home));
  await until('b1 running', async () => (await home.run(['receipt', '--task', 'busy-r', '--request-id', 'b1'])).json?.status === 'running' || undefined);
  const released = await home.run(['release', '--task', 'busy-r']);
  assert.equal(released.code, 0, explain(released, home));
  const ended = await home.run(['receipt', '--task', 'busy-r', '--request-id', 'b1', '--verbose']);
  assert.equal(ended.json.status, 'interrupted', explain(ended, home));
  assert.equal(ended.json.error.reason, 'released');

  const next = await home.program('busy-r', 'b2', `return { kept: state.kept ?? null }`);
  assert.equal(next.code, 0, explain(next, home));
  assert.deepEqual(next.json.result, { kept: null });
  assertReleasedHint(next.json.hints, explain(next, home));
});

test('a program held in a page.evaluate that never settles: its running receipt names the call, its line and how long; release ends it interrupted', { skip, timeout: testTimeout(4) }, async () => {
  const submitted = await home.compactProgram('stuck-r', 's1', `await page.setContent('<h1>one</h1>');\nawait page.evaluate(async () => { await new Promise(() => {}); });`, ['--wait', '0', '--timeout', '600']);
  assert.equal(submitted.code, 3, explain(submitted, home));
  // As an agent asks: `receipt --wait 1`, the compact view, until the running receipt names the call.
  const hint = await until('the running receipt names page.evaluate', async () => {
    const r = await home.run(['receipt', '--task', 'stuck-r', '--request-id', 's1', '--wait', '1']);
    if (r.json?.status === 'queued') return undefined;
    assert.equal(r.json?.status, 'running', explain(r, home));
    return (r.json.hints as string[] | undefined)?.find(h => h.includes('page.evaluate'));
  });
  assert.match(hint, /still running, waiting in page\.evaluate at line 2 for \d+ s: do not resubmit it/, hint);
  const released = await home.run(['release', '--task', 'stuck-r']);
  assert.equal(released.code, 0, explain(released, home));
  const ended = await home.run(['receipt', '--task', 'stuck-r', '--request-id', 's1', '--verbose']);
  assert.equal(ended.json.status, 'interrupted', explain(ended, home));
  assert.equal(ended.json.error.reason, 'released');
});

test('a call held long: the running receipt says a call that cannot end holds the program until its timeout, and that release stops it', () => {
  const receipt = { task: 'stuck-r', requestId: 's1', status: 'running', mutationState: 'possible', queuedAt: '' } as const;
  const short = withProgressHint({ ...receipt }, false, { call: 'page.evaluate', line: 1, forMs: 5_000, timeoutS: 300 })!;
  assert.match(short.hints!.join('\n'), /waiting in page\.evaluate at line 1 for 5 s/);
  assert.doesNotMatch(short.hints!.join('\n'), /release/);
  const long = withProgressHint({ ...receipt }, false, { call: 'page.evaluate', line: 1, forMs: 62_400, timeoutS: 300 })!;
  const text = long.hints!.join('\n');
  assert.match(text, /waiting in page\.evaluate at line 1 for 62 s/);
  assert.match(text, /never settles.*until its --timeout \(300 s\)/);
  assert.match(text, /`tabwright release --task stuck-r` stops it now: the receipt ends interrupted/);
  assert.match(text, /the tabs stay open, no longer the task's \(`tabwright adopt --task stuck-r --page N` takes one back\)/);
  // With a browser per task from a service, release gives that browser back (release-hint-browsers runs it).
  const service = withProgressHint({ ...receipt }, false, { call: 'page.evaluate', line: 1, forMs: 62_400, timeoutS: 300 }, 'browserGoesBack')!.hints!.join('\n');
  assert.match(service, /`tabwright release --task stuck-r` stops it now: .*the task's browser goes back to the browser service, and its next program reopens its tabs at their last URLs in a new one\./);
  assert.doesNotMatch(service, /adopt|stay open/);
});
