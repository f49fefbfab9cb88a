// Issue 39's matrix: the router's scope, the navigation policy and a receipt's pages run once more
// against a real browser service, Browserless 2.42.0 (harness/browserless.ts), in both of its
// shapes: one Browserless browser every task of the runtime shares (`runtime start --connect
// 'ws://127.0.0.1:PORT?token=T'`), and a browser per task (`--browser-service`), where each
// task's endpoint is scoped to a browser of its own. The same files, not copies: each runs in a
// child `node --test` whose homes all start against the one engine this file starts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { failures, runTestFile } from './harness/matrixRun.js';
import { BROWSERLESS_MATRIX, browserlessForFile, engineOrSkip, ENGINE_SETUP_MS, type EngineForFile } from './harness/browserless.js';
import { CONNECTED_MATRIX } from './harness/standInBrowser.js';

/**
 * The files whose outcome depends on how the browser is reached: the scope boundary (another
 * task's targets, sessions and contexts answered as missing), navigation and the URL policy, and
 * the pages, popups, dialogs and downloads of a receipt.
 */
const FILES = ['router-scope', 'router-navigation', 'receipt-pages'];
const MODES = [
  { env: 'browserless', name: 'one Browserless browser for the runtime (--connect)' },
  { env: 'browserless-service', name: 'a Browserless browser per task (--browser-service)' },
] as const;

const skip = BROWSERLESS_MATRIX || CONNECTED_MATRIX ? 'this is a matrix run itself' : false;
let service: EngineForFile | undefined;

before(async () => {
  if (skip) return;
  // Room for every task the files open at once (each holds a browser in --browser-service); a
  // refusal (429) would fail a test saying so, never hang it in a queue.
  service = await browserlessForFile({ concurrent: 24, queued: 0 });
}, { timeout: ENGINE_SETUP_MS });

after(async () => {
  await service?.engine?.stop();
});

for (const mode of MODES) {
  describe(`the router and receipts suites against ${mode.name}`, { skip, timeout: 1_800_000 }, () => {
    for (const file of FILES) {
      it(`${file}: every test passes`, async t => {
        const engine = engineOrSkip(service, t);
        if (!engine) return;
        const run = await runTestFile(file, { TABWRIGHT_TEST_BROWSER: mode.env, TABWRIGHT_TEST_BROWSERLESS_URL: engine.url });
        t.diagnostic(`${file} (${mode.env}): ${JSON.stringify(run.counts)} in ${(run.ms / 1000).toFixed(1)} s`);
        assert.equal(run.code, 0, `${failures(run.output)}\n--- Browserless log:\n${engine.logTail()}`);
        assert.equal(run.counts.fail, 0, failures(run.output));
        // A file that ran nothing (all skipped, or it did not load) proves nothing.
        assert.ok((run.counts.pass ?? 0) > 0, `no test passed in ${file}: ${run.output.slice(-4000)}`);
        // Every browser the runtimes took went back when their homes were disposed.
        assert.equal((await engine.pressure()).running, 0, 'the runtimes gave every browser back');
      });
    }
  });
}
