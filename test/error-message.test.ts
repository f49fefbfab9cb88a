// Issue 10: a failed action's message says what failed once, not Playwright's retry log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitMessage } from '../runtime/worker/diagnosis/errorMessage.js';

const COVERED = `locator.click: Timeout 1000ms exceeded.
Call log:
  - waiting for locator('#target')
    - locator resolved to <button id="target">Place order</button>
  - attempting click action
    2 × waiting for element to be visible, enabled and stable
      - element is visible, enabled and stable
      - scrolling into view if needed
      - done scrolling
      - <div id="promo" class="promo-overlay"></div> intercepts pointer events
    - retrying click action
    - waiting 20ms
    2 × waiting for element to be visible, enabled and stable
      - element is visible, enabled and stable
      - scrolling into view if needed
      - done scrolling
      - <div id="promo" class="promo-overlay"></div> intercepts pointer events
    - retrying click action
      - waiting 100ms
`;

test('a covered click keeps its first line and the resolved element, not the retries', () => {
  const { message, log } = splitMessage(COVERED, { hasMatches: false, hasExpectation: false });
  assert.equal(message, 'locator.click: Timeout 1000ms exceeded.\n- locator resolved to <button id="target">Place order</button>');
  assert.equal(log, COVERED);
});

test('a strict-mode message leaves the matches to error.matches', () => {
  const text = `locator.click: Error: strict mode violation: getByText('Save') resolved to 2 elements:
    1) <button>Save</button> aka getByRole('region', { name: 'Toolbar' }).getByRole('button', { name: 'Save' })
    2) <button>Save</button> aka getByRole('button', { name: 'Save' })

Call log:
  - waiting for getByText('Save')
`;
  const { message } = splitMessage(text, { hasMatches: true, hasExpectation: false });
  assert.equal(message, "locator.click: Error: strict mode violation: getByText('Save') resolved to 2 elements:");
});

test('an expect failure leaves Expected and Received to their fields, keeps what else it says', () => {
  const text = `expect(locator).toHaveText(expected) failed

Locator:  locator('#status')
Expected string: "Saved"
Received string: "Failed"
Timeout:  700ms

Call log:
  - Expect "toHaveText" with timeout 700ms
  - waiting for locator('#status')
    9 × locator resolved to <p id="status">Failed</p>
      - unexpected value "Failed"
`;
  const { message } = splitMessage(text, { hasMatches: false, hasExpectation: true });
  // The locator, the timeout and the value are in fields of their own (waitingFor, timeoutMs, received).
  assert.equal(message, `expect(locator).toHaveText(expected) failed
- 9 × locator resolved to <p id="status">Failed</p>`);
});

test('a received value printed over several lines is one value, not lines of the message', () => {
  const text = `expect(locator).toHaveText(expected) failed

Locator: getByRole('alert')
Timeout: 1000ms
Expected pattern: /Ticket TCK-\\d+ created/
Received string:  "\u00b7\u00b7\u00b7\u00b7
        Infinity\u00b7\u00b7
      "

Call log:
  - Expect "toHaveText" getByRole('alert') with timeout 1000ms
  - waiting for getByRole('alert')
    11 × locator resolved to <div part="base" role="alert">…</div>
       - unexpected value "
        
          Infinity

      "
`;
  const { message } = splitMessage(text, { hasMatches: false, hasExpectation: true });
  assert.equal(message, `expect(locator).toHaveText(expected) failed
- 11 × locator resolved to <div part="base" role="alert">…</div>`);
});

test("a program's own multi-line message is its own: kept as written", () => {
  const { message, log } = splitMessage('first\nsecond\nsecond', { hasMatches: false, hasExpectation: false });
  assert.equal(message, 'first\nsecond\nsecond');
  assert.equal(log, undefined);
});

test("a page assertion's message leaves out the <html> element it resolved to, once per retry", () => {
  // expect(page).not.toHaveURL printed "- 52 × locator resolved to <html lang=\"en\">…</html>", which
  // a trial agent read as the failure's cause; error.received has the URL.
  const text = `expect(page).not.toHaveURL(expected) failed

Expected pattern: not /new/
Received string: "http://127.0.0.1:8000/tickets/new"
Timeout: 5000ms

Call log:
  - Expect "not toHaveURL" with timeout 5000ms
    52 × locator resolved to <html lang="en">…</html>
       - unexpected value "http://127.0.0.1:8000/tickets/new"
`;
  const { message } = splitMessage(text, { hasMatches: false, hasExpectation: true });
  assert.equal(message, 'expect(page).not.toHaveURL(expected) failed');
});
