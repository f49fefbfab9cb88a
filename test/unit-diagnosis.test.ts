// The pure parts of an error's diagnosis: Playwright's printed locator cut into calls, the
// shorter chains a diagnosis tries, names compared, and expected values printed as written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { byRole, frameRootOf, lastQuery, locatorChain, quoted, shorterChains } from '../runtime/worker/diagnosis/locatorChain.js';
import { similarity } from '../runtime/worker/diagnosis/textSimilarity.js';
import { expectedText } from '../runtime/worker/diagnosis/errorReport.js';

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
      { root: `locator('iframe[title="Pay"]').contentFrame()`, query: `getByLabel('Card number').first()` },
      { root: `locator('iframe[title="Pay"]').contentFrame()`, query: `getByRole('form').getByLabel('Card number')` },
    ]);
    assert.deepEqual(shorterChains(locatorChain(`getByRole('button', { name: 'Save' })`)!), []);
  });

  it('reads its last query, and names are written back the way Playwright writes them', () => {
    assert.deepEqual(lastQuery(locatorChain(`getByRole('form').getByRole('option', { name: 'High', exact: true })`)!), { method: 'getByRole', role: 'option', name: 'High' });
    assert.deepEqual(lastQuery(locatorChain(`getByLabel('Due date')`)!), { method: 'getByLabel', name: 'Due date' });
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
