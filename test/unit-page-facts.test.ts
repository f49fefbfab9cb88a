// observe()'s tables matched to what the page said of its own (observation/
// tableMatch.ts): the page's answer comes beside the snapshot, so the view's tables are matched
// to it in the worker, as the page once matched them itself. The end-to-end tests are
// test/observe.test.ts (AG Grid, a virtualising grid, file inputs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchTables, type PageTable } from '../runtime/worker/observation/tableMatch.js';

const table = (role: string, columns: string, label: string, rowCount: number): PageTable => ({ role, columns, label, facts: { rowCount } });

describe('page facts: the view\'s tables matched to the page\'s', () => {
  it('by role and header texts, else by label when the view shows no columns; each page table once, in order', () => {
    const page = [
      table('table', 'Mo|Tu', '', 1),
      table('grid', 'ID|Name', 'Orders', 2),
      table('grid', 'ID|Name', 'Old orders', 3),
      table('table', '', 'Totals', 4),
    ];
    const facts = matchTables([
      { role: 'grid', name: 'Orders', columns: ['ID', 'Name'] },
      { role: 'grid', name: 'Old orders', columns: ['ID', 'Name'] },
      { role: 'table', name: 'Totals', columns: [] },
      { role: 'grid', name: 'Orders', columns: ['ID', 'Name'] },
      { role: 'table', name: '', columns: ['Tu', 'Mo'] },
    ], page);
    assert.deepEqual(facts.map(f => f?.rowCount), [2, 3, 4, undefined, undefined]);
  });

  it('a view with one grid takes the page\'s only grid though their header texts differ (a sort button\'s name in MUI\'s header)', () => {
    const page = [table('grid', 'Patient ID|Name', '', 7), table('table', 'a', '', 8)];
    assert.deepEqual(matchTables([{ role: 'grid', name: '', columns: ['Patient ID Sort', 'Name Sort'] }], page).map(f => f?.rowCount), [7]);
    const two = [table('grid', 'A', '', 1), table('grid', 'B', '', 2)];
    assert.deepEqual(matchTables([{ role: 'grid', name: '', columns: ['C'] }], two), [undefined], 'not when the page has two');
  });

  it('nothing from the page (the call failed) leaves every table without facts', () => {
    assert.deepEqual(matchTables([{ role: 'table', name: 'x', columns: ['a'] }], []), [undefined]);
  });
});
