// The runtime's own bundle compiled from a V8 code cache (runtime/codeCache/bundleCodeCache.ts): the first
// runtime makes the cache once its first program was answered, a later runtime (a new home, as
// every cold start of a new project) compiles from it; a cache V8 refuses, or one that is not
// this user's alone, is never used and is made again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { hasBrowser, runtimeLog, TabwrightHome, testTimeout } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

type Outcome = { script: string; cache: string; why?: string; written?: string };

describe('the runtime\'s code cache (bundleCodeCache.ts)', { skip }, () => {
  const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-runtime-cache-'));
  const folder = path.join(cacheHome, 'tabwright', 'v8');
  after(() => fs.rmSync(cacheHome, { recursive: true, force: true }));

  /** One runtime in a new home sharing the cache folder: its program's result and what it said of its bundle's cache. */
  async function round(name: string): Promise<Outcome[]> {
    const home = new TabwrightHome({ env: { XDG_CACHE_HOME: cacheHome }, prefix: 'tw-runtime-cache-home-' });
    try {
      const result = await home.program('t', name, 'return 6 * 7;');
      assert.equal(result.code, 0, `${result.stderr}\n${runtimeLog(home)}`);
      assert.equal(result.json.result, 42);
      // The cache is written after the program's answer went out, before this next request is read.
      await home.run(['runtime', 'stop']);
      return fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8').split('\n')
        .filter(line => line.includes('"runtimeCodeCache"'))
        .map(line => (JSON.parse(line) as { runtimeCodeCache: Outcome }).runtimeCodeCache);
    } finally {
      await home.dispose();
    }
  }
  const cacheFiles = () => fs.readdirSync(folder).filter(file => file.includes('runtime.cjs-'));

  it('is made by the first runtime and compiled from by the next', { timeout: testTimeout(6) }, async () => {
    const first = await round('made');
    assert.deepEqual(first.map(o => [o.cache, o.written]), [['missing', undefined], ['missing', 'written']], JSON.stringify(first));
    assert.match(first[0]!.script, /dist\+runtime\+bundle\+runtime\.cjs$/);
    assert.equal(cacheFiles().length, 1, fs.readdirSync(folder).join(', '));
    const second = await round('used');
    assert.deepEqual(second.map(o => [o.cache, o.written]), [['accepted', undefined]], JSON.stringify(second));
  });

  it('one V8 refuses is not used, and is made again', { timeout: testTimeout(6) }, async () => {
    const [file] = cacheFiles();
    assert.ok(file, 'the test above made the cache');
    fs.writeFileSync(path.join(folder, file), Buffer.alloc(4096, 7));
    const outcomes = await round('refused');
    assert.deepEqual(outcomes.map(o => [o.cache, o.written]), [['rejected', undefined], ['rejected', 'written']], JSON.stringify(outcomes));
    const next = await round('again');
    assert.deepEqual(next.map(o => o.cache), ['accepted'], JSON.stringify(next));
  });

  it('one others could write is not used', { timeout: testTimeout(6) }, async () => {
    const [file] = cacheFiles();
    assert.ok(file, 'the tests above made the cache');
    fs.chmodSync(path.join(folder, file), 0o666);
    const outcomes = await round('untrusted');
    assert.equal(outcomes[0]!.cache, 'untrusted', JSON.stringify(outcomes));
    assert.match(outcomes[0]!.why ?? '', /group or world writable/);
  });
});
