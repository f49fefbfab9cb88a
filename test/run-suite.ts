// `npm test`: every compiled *.test.js under dist/test, with node's test runner. Two files at
// a time: each starts its own runtime and Chromium, and the machine has two cores. Three were
// tried (TABWRIGHT_TEST_CONCURRENCY=3): a fresh clone's suite took 21.3 min with two agent trials
// running beside it, as long as quiet runs at two (18.5 to 22.3 min), but a quiet run at three
// held a load of 8 to 11 and two tests failed on it (a CLI's status probe reset by a runtime
// under that load; a test that took a queued program for an ended one, since fixed): two stays.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
/**
 * The files that take longest (1.3 to 2.5 min each in a quiet run) start first, so the two
 * lanes end together: alphabetically, the skill's examples started near the end and ran alone.
 */
const LONGEST_FIRST = ['skill.test.js', 'controlled.test.js', 'lifecycle.test.js', 'page-recovery.test.js', 'connected-matrix.test.js', 'browserless-matrix.test.js', 'package-install.test.js'];
const rank = (f: string) => {
  const at = LONGEST_FIRST.indexOf(f);
  return at < 0 ? LONGEST_FIRST.length : at;
};
const files = fs.readdirSync(here)
  .filter(f => f.endsWith('.test.js'))
  .filter(f => only.length === 0 || only.some(o => f.includes(o)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map(f => path.join(here, f));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = process.env.TABWRIGHT_TEST_CONCURRENCY ?? '2';
const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
