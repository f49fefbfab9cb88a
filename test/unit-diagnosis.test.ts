// The pure parts of an error's diagnosis: Playwright's printed locator cut into calls, the
// shorter chains a diagnosis tries, names compared, and expected values printed as written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { byRole, frameRootOf, lastQuery, locatorChain, quoted, shorterChains } from '../runtime/worker/diagnosis/locatorChain.js';
import { similarity } from '../runtime/worker/diagnosis/textSimilarity.js';
import { expectedText } from '../runtime/worker/diagnosis/errorReport.js';
import { dialogLeftOpen } from '../runtime/worker/diagnosis/slips/openDialog.js';
import type { Page } from 'playwright-core';

describe('a printed locator', () => {
  it('is cut into its calls, whatever its strings and regular expressions hold', () => {
    const chain = locatorChain(`getByRole('form', { name: 'New ticket' }).getByRole('option', { name: 'It\\'s (high).' }).filter({ hasText: /a\\).b[.)]/i }).nth(1)`);
    assert.deepEqual(chain?.map(c => c.method), ['getByRole', 'getByRole', 'filter', 'nth']);
    assert.equal(chain?.[1].text, `getByRole('option', { name: 'It\\'s (high).' })`);
    assert.equal(locatorChain(`getByText('unterminated)`), undefined);
  });

  it('gives the same query with fewer scopes, within its frame, and without a trailing position', () => {
    const chain = locatorChain(`locator('iframe[title="Pay"]').contentFrame().getByRole('form').getByLabel('Card number').first()`)!;
    assert.equal(frameRootOf(chain), `locator('iframe[title="Pay"]').contentFrame()`);
    assert.deepEqual(shorterChains(chain), [
      { root: `locator('iframe[title="Pay"]').contentFrame()`, query: `getByLabel('Card number').first()`, unscoped: true },
      { root: `locator('iframe[title="Pay"]').contentFrame()`, query: `getByRole('form').getByLabel('Card number')`, unscoped: false },
    ]);
    assert.deepEqual(shorterChains(locatorChain(`getByRole('button', { name: 'Save' })`)!), []);
  });

  it('reads its last query, and names are written back the way Playwright writes them', () => {
    assert.deepEqual(lastQuery(locatorChain(`getByRole('form').getByRole('option', { name: 'High', exact: true })`)!), { method: 'getByRole', text: "getByRole('option', { name: 'High', exact: true })", role: 'option', name: 'High' });
    assert.deepEqual(lastQuery(locatorChain(`getByLabel('Due date')`)!), { method: 'getByLabel', text: "getByLabel('Due date')", name: 'Due date' });
    assert.equal(quoted(`It's "x"\n`), `'It\\'s "x"\\n'`);
    assert.equal(byRole('button', 'Create ticket'), `getByRole('button', { name: 'Create ticket' })`);
  });
});

describe('diagnosis helpers', () => {
  it('compares names as a person would', () => {
    assert.equal(similarity('Create ticket', 'create  TICKET'), 1);
    assert.equal(similarity('Title', 'Title *'), 0.8);
    assert.ok(similarity('Create a ticket', 'Create ticket') >= 0.5);
    assert.ok(similarity('Create tiket', 'Create ticket') >= 0.7, 'a typo');
    assert.ok(similarity('Titel', 'Title *') >= 0.5, 'letters swapped');
    assert.ok(similarity('High', 'Urgent') < 0.5);
    assert.ok(similarity('Save', 'Delete') < 0.5);
  });

  it('prints an expected RegExp as written, not as {}', () => {
    assert.equal(expectedText(/Ticket TCK-\d+/), '/Ticket TCK-\\d+/');
    assert.equal(expectedText([/a/i, 'b']), '[/a/i, "b"]');
    assert.equal(expectedText('Saved'), 'Saved');
  });
});

// Found reading the change: the read of a dialog left open had no bound, so a page whose script
// stopped yielding right after the last click would have held the succeeded program's receipt.
describe('a dialog left open (slips/openDialog.ts)', () => {
  const page = { isClosed: () => false } as unknown as Page;
  const last = () => ({ label: "click getByRole('button', { name: 'Delete' })", endedAt: Date.now(), lastCall: 'locator.click' });
  it('a read the page never answers gives no hint, within its bound', async () => {
    assert.deepEqual(await dialogLeftOpen(page, last(), () => new Promise(() => {})), []);
  });
  it('a read that answers gives the hint with the text and buttons', async () => {
    const hints = await dialogLeftOpen(page, last(), async () => ({ text: 'Delete Ann Lee?', buttons: ['Delete', 'Cancel'] }));
    assert.match(hints[0] ?? '', /"Delete Ann Lee\?" \(buttons "Delete", "Cancel"\)/);
  });
});
