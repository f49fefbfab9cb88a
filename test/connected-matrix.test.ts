// Issue 12's matrix: the router and receipts suites run once more against a connected browser,
// the same files, not copies. Each file runs in a child `node --test` with
// TABWRIGHT_TEST_BROWSER=connected (harness/standInBrowser.ts): every TabwrightHome then gets a
// Chromium started with --remote-debugging-port=0 and its own profile, and its runtime attaches
// to it (`runtime start --connect`) instead of launching one. One file at a time: `npm test` already
// runs two files side by side on a two-core machine.
// Left out: router-fuzz (1,000 hostile messages, a bench more than a suite; the scoping it
// checks is router-scope's, which runs here).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failures, runTestFile } from './harness/matrixRun.js';
import { CONNECTED_MATRIX } from './harness/standInBrowser.js';
import { hasBrowser } from './harness/tabwrightCli.js';

/**
 * `npm test` runs the files whose outcome depends on how the browser is reached (the scope
 * boundary, navigation and adoption, downloads, the pages and downloads of a receipt): 107 s
 * beside the rest of the suite with both cores busy, against 143 s quiet and 371 s at load 12
 * to 14 for all ten, which keeps the suite near its 15 min. The rest check
 * what the worker builds from Playwright's answers; `npm run test:connected` (TABWRIGHT_MATRIX=full)
 * runs all ten.
 */
const IN_EVERY_RUN = ['router-scope', 'router-navigation', 'router-puppeteer-downloads', 'receipt-pages'];
const FULL = [
  'router-scope', 'router-navigation', 'router-playwright', 'router-playwright-suite', 'router-puppeteer-downloads',
  'receipt-errors', 'receipt-mutation', 'receipt-pages', 'receipt-results', 'receipt-view',
];
export const MATRIX_FILES = process.env.TABWRIGHT_MATRIX === 'full' ? FULL : IN_EVERY_RUN;

/** One file once more, each of its homes on a stand-in browser it connects to. */
const runConnected = (file: string) => runTestFile(file, { TABWRIGHT_TEST_BROWSER: 'connected' });

const skip = CONNECTED_MATRIX ? 'this is the matrix itself (TABWRIGHT_TEST_BROWSER=connected is already set)'
  : hasBrowser() ? false : 'no browser on this machine';

describe('the router and receipts suites against a connected browser', { skip, timeout: 1_800_000 }, () => {
  for (const file of MATRIX_FILES) {
    it(`${file}: every test passes against a connected browser`, async t => {
      const run = await runConnected(file);
      t.diagnostic(`${file} (connected): ${JSON.stringify(run.counts)} in ${(run.ms / 1000).toFixed(1)} s`);
      assert.equal(run.code, 0, failures(run.output));
      assert.equal(run.counts.fail, 0, failures(run.output));
      // A file that ran nothing (all skipped, or it did not load) proves nothing.
      assert.ok((run.counts.pass ?? 0) > 0, `no test passed in ${file}: ${run.output.slice(-4000)}`);
    });
  }
});
