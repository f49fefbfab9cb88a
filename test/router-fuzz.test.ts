// A hostile client on a task's endpoint (bench/routerFuzz.ts), bounded to 1,000 messages: the
// other task's page is never listed, read, navigated or closed, refusals naming its ids are
// answered exactly as for ids that do not exist, and the runtime keeps serving both tasks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzMarkdown, runRouterFuzz } from '../bench/routerFuzz.js';
import { hasBrowser } from './harness/tabwrightCli.js';

test('1,000 mutated messages on one task\'s endpoint leave the other task untouched', { skip: hasBrowser() ? false : 'no browser on this machine', timeout: 900_000 }, async () => {
  const result = await runRouterFuzz({ messages: 1000 });
  const report = fuzzMarkdown(result);
  assert.deepEqual(result.violations, [], report);
  assert.ok(result.sent >= 1000, report);
  assert.ok(result.foreignPairs > 0 && result.victimChecks >= 3, report);
  assert.equal(result.victimRequestsDuringFuzz, 0, report);
  // Memory bounded: floods and 8 MiB frames do not leave the runtime holding them (a generous ceiling).
  assert.ok(result.runtimeRssMiB.after - result.runtimeRssMiB.before < 300, report);
});
