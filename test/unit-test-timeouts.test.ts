// The suite's own rule on time: a test that drives the CLI through the harness never gives up
// sooner than the harness lets one call take. The harness bounds every call (a program by its
// --wait, then a kill), and on a slow machine the call then fails saying why; a test timeout
// below that cancels the test first with nothing but "timed out". So a test file that uses the
// harness writes its timeouts as testTimeout(calls), or as a number no smaller than one call.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CLI_CALL_MS } from './harness/tabwrightCli.js';

/** The sources: test/*.test.ts next to the compiled file's folder (dist/test -> test). */
const SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test');

/** A test, it or describe whose options give a number below one harness call, with its line. */
export function shortTimeouts(source: string): { line: number; ms: number }[] {
  const found: { line: number; ms: number }[] = [];
  const declaration = /^\s*(?:test|it|describe)\(\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*,\s*\{[^}]*?\btimeout:\s*([0-9][0-9_]*)/gm;
  for (const match of source.matchAll(declaration)) {
    const ms = Number(match[1].replaceAll('_', ''));
    if (ms < CLI_CALL_MS) found.push({ line: source.slice(0, match.index).split('\n').length, ms });
  }
  return found;
}

/** Whether a test file drives the CLI through the harness (directly or through the router's). */
function usesHarness(source: string): boolean {
  return /from '\.\/harness\/(tabwrightCli|routerRuntime)\.js'/.test(source);
}

describe('test timeouts', () => {
  it('the check finds a short literal timeout and lets testTimeout() and long ones pass', () => {
    assert.deepEqual(shortTimeouts(`import x;\ntest('a \\'b\\'', { skip, timeout: 90_000 }, async () => {});`), [{ line: 2, ms: 90_000 }]);
    assert.deepEqual(shortTimeouts(`describe("suite", { timeout: 120000 }, () => {});`), [{ line: 1, ms: 120_000 }]);
    assert.deepEqual(shortTimeouts(`test('a', { skip, timeout: testTimeout(3) }, async () => {});`), []);
    assert.deepEqual(shortTimeouts(`test('a', { timeout: ${CLI_CALL_MS} }, async () => {});`), []);
    assert.deepEqual(shortTimeouts(`await page.click({ timeout: 1000 });`), [], 'a call\'s own timeout is not a test\'s');
  });

  it('no test file that uses the harness gives up before one harness call could', () => {
    const offences = fs.readdirSync(SOURCES)
      .filter(file => file.endsWith('.test.ts'))
      .flatMap(file => {
        const source = fs.readFileSync(path.join(SOURCES, file), 'utf8');
        return usesHarness(source) ? shortTimeouts(source).map(({ line, ms }) => `test/${file}:${line}: timeout ${ms} ms`) : [];
      });
    assert.deepEqual(offences, [], `below the ${CLI_CALL_MS} ms the harness lets one CLI call take: write testTimeout(calls) (test/harness/tabwrightCli.ts)`);
  });
});
