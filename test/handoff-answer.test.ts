// Issue 38 item 20: `tabwright run` of a program that calls handoff() answers as soon as the
// hand-over opens (`running`, `waitingFor: person`, the hint that says who is asked), not at the
// end of its --wait while nobody has been told. The hand-over here has its own cap shorter than
// the CLI's wait: a CLI that waited would come back with the program's end (HandoffTimedOut),
// so the answer's `waitingFor` tells which happened, with no clock in the test. A later
// `tabwright receipt --wait` of a hand-over already open waits for the person, as before.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const home = new TabwrightHome({ prefix: 'tw-handoff-answer-' });
after(() => home.dispose());

test('run answers when the hand-over opens: running, waitingFor person, the hint naming what the person is asked', { skip, timeout: testTimeout(3) }, async () => {
  const program = `await page.setContent('<h1>Sign in</h1>');
await handoff({ reason: 'Sign in with the code from your phone', timeoutS: 12 });
return 'after';`;
  const asked = await home.compactProgram('ask', 'a1', program);
  assert.equal(asked.code, 3, explain(asked, home));
  assert.equal(asked.json.status, 'running', explain(asked, home));
  assert.equal(asked.json.waitingFor, 'person', explain(asked, home));
  assert.equal(asked.json.handoffs[0].reason, 'Sign in with the code from your phone');
  assert.match(asked.json.hints.join('\n'), /A person is being asked in the live view to: Sign in with the code from your phone/);

  // The hand-over was open before this wait began: the receipt waits for its end (the cap here).
  const ended = await home.run(['receipt', '--task', 'ask', '--request-id', 'a1', '--wait', '240']);
  assert.equal(ended.json.status, 'failed', explain(ended, home));
  assert.equal(ended.json.error.name, 'HandoffTimedOut', explain(ended, home));
});
