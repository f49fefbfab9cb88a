// The task worker's V8 code caches (runtime/worker/playwrightInternals/codeCache.ts and
// codeCacheStore.ts): which file is trusted (a cache is bytecode V8 runs unchecked), that a
// cache belongs to one exact text and one Node, and that whatever goes wrong with a cache only
// means a plain compile. The end-to-end check (a second runtime compiles Playwright from the
// caches the first made) is in playwright-internals.
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { after, describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Module } from 'node:module';
import { CodeCache, cacheName, codeCacheWanted, scriptName } from '../runtime/worker/playwrightInternals/codeCache.js';
import { CodeCacheStore, codeCacheDirectory } from '../runtime/codeCache/codeCacheStore.js';

const uid = process.getuid!();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-code-cache-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const freshFolder = () => path.join(scratch, `cache-${++folders}`, 'tabwright', 'v8');

/** A module file and a Module for it, as the CommonJS loader makes one. */
function moduleFile(text: string): { module: Module; filename: string } {
  const filename = path.join(scratch, `module-${++folders}.js`);
  fs.writeFileSync(filename, text);
  const module = new Module(filename);
  module.filename = filename;
  return { module, filename };
}

/** Compiles and runs `text` as a module through a fresh CodeCache over `directory`. */
function load(directory: string, text: string, filename?: string) {
  const cache = new CodeCache(new CodeCacheStore(directory, uid));
  const made = moduleFile(text);
  const file = filename ?? made.filename;
  made.module.filename = file;
  cache.compile(made.module, text, file);
  return { cache, exports: made.module.exports as unknown, outcome: cache.outcomes[0]! };
}

const SOURCE = `
exports.sum = (a, b) => a + b;
exports.dirname = __dirname;
exports.self = module.exports === exports;
exports.resolved = require.resolve('node:path');
exports.path = require('node:path').sep;
function later() { return 'compiled while loading'; }
exports.later = later();
`;

describe('code cache: where and under which name', () => {
  it('keeps every file used within a day, and of the older ones the three last used (codeCacheStore.ts prune)', () => {
    const store = new CodeCacheStore(freshFolder(), process.getuid!());
    const kept = () => fs.readdirSync(store.directory).filter(file => file.startsWith('s-')).sort();
    for (const n of [1, 2, 3, 4, 5]) assert.equal(store.write(`s-${n}.v8`, 's', Buffer.from([n])), undefined);
    // Five checkouts' caches for one script, all in use: none replaces another.
    assert.deepEqual(kept(), ['s-1.v8', 's-2.v8', 's-3.v8', 's-4.v8', 's-5.v8']);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const n of [1, 2, 3]) fs.utimesSync(path.join(store.directory, `s-${n}.v8`), twoDaysAgo, twoDaysAgo);
    // Read now: used lately again.
    assert.equal(store.read('s-1.v8').kind, 'found');
    assert.equal(store.write('s-6.v8', 's', Buffer.from([6])), undefined);
    assert.deepEqual(kept(), ['s-1.v8', 's-4.v8', 's-5.v8', 's-6.v8']);
  });

  it('lives in XDG_CACHE_HOME (absolute only, as the XDG spec says) or ~/.cache, in tabwright/v8', () => {
    assert.equal(codeCacheDirectory({ XDG_CACHE_HOME: '/x/cache' }, '/home/u'), '/x/cache/tabwright/v8');
    assert.equal(codeCacheDirectory({ XDG_CACHE_HOME: 'relative' }, '/home/u'), '/home/u/.cache/tabwright/v8');
    assert.equal(codeCacheDirectory({}, '/home/u'), '/home/u/.cache/tabwright/v8');
    assert.equal(codeCacheDirectory({}, ''), undefined, 'no home, no cache');
  });

  it('TABWRIGHT_CODE_CACHE=0 switches it off', () => {
    assert.equal(codeCacheWanted({ TABWRIGHT_CODE_CACHE: '0' }), false);
    assert.equal(codeCacheWanted({}), true);
    assert.equal(CodeCache.forWorker({ TABWRIGHT_CODE_CACHE: '0', XDG_CACHE_HOME: scratch }, '/home/u'), undefined);
    assert.ok(CodeCache.forWorker({ XDG_CACHE_HOME: scratch }, '/home/u'));
  });

  it('V8 keeps the producing script\'s name in a code cache, so a cache serves one path only', () => {
    // Why cacheName hashes the path: a function compiled from a cache made for another path
    // reports that path in its stack (Playwright names its API calls from its own frames' paths).
    const source = '(function () { return function boom() { throw new Error("boom"); }; })()';
    const made = new vm.Script(source, { filename: '/producer/lib/x.js' });
    made.runInThisContext();
    const used = new vm.Script(source, { filename: '/consumer/lib/x.js', cachedData: made.createCachedData() });
    assert.equal(used.cachedDataRejected, false);
    const boom = used.runInThisContext() as () => void;
    assert.throws(boom, (error: Error) => /\/producer\/lib\/x\.js/.test(error.stack ?? ''));
    const runtime = { node: 'v20.20.2', v8: '11.3', arch: 'x64', flags: [] };
    assert.notEqual(cacheName('/producer/node_modules/p/lib/x.js', source, runtime), cacheName('/consumer/node_modules/p/lib/x.js', source, runtime));
  });

  it('a cache is named by the exact text, its path and the Node, V8 and flags that compile it', () => {
    const runtime = { node: 'v20.20.2', v8: '11.3', arch: 'x64', flags: ['--single-threaded-gc'] };
    const name = cacheName('/a/node_modules/p/lib/x.js', 'text', runtime);
    assert.equal(cacheName('/a/node_modules/p/lib/x.js', 'text', runtime), name);
    assert.match(name, /^p\+lib\+x\.js-[0-9a-f]{40}\.v8$/);
    for (const other of [
      cacheName('/a/node_modules/p/lib/x.js', 'texT', runtime),
      cacheName('/a/node_modules/p/lib/x.js', 'text', { ...runtime, node: 'v20.20.3' }),
      cacheName('/a/node_modules/p/lib/x.js', 'text', { ...runtime, v8: '11.4' }),
      cacheName('/a/node_modules/p/lib/x.js', 'text', { ...runtime, flags: [] }),
      // Another checkout's copy of the same file: V8 would report the other path in stack traces.
      cacheName('/b/node_modules/p/lib/x.js', 'text', runtime),
    ]) assert.notEqual(other, name);
    assert.equal(scriptName('/a/node_modules/playwright/lib/common/index.js'), 'playwright+lib+common+index.js');
    assert.notEqual(scriptName('/a/node_modules/playwright/lib/index.js'), scriptName('/a/node_modules/playwright/lib/common/index.js'));
  });
});

describe('code cache: which files are trusted', () => {
  it('is written 0600 into a 0700 folder, atomically (no temp file left), and read back', () => {
    const directory = freshFolder();
    const store = new CodeCacheStore(directory, uid);
    assert.deepEqual(store.read('s.js-1.v8'), { kind: 'missing' });
    assert.equal(store.write('s.js-1.v8', 's.js', Buffer.from('bytes')), undefined);
    assert.equal(fs.statSync(directory).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(directory, 's.js-1.v8')).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(directory), ['s.js-1.v8']);
    const read = store.read('s.js-1.v8');
    assert.equal(read.kind, 'found');
    assert.equal(read.kind === 'found' && read.data.toString(), 'bytes');
  });

  it('is not used when the file or the folder is someone else\'s, writable by others, or a symlink', () => {
    const directory = freshFolder();
    const store = new CodeCacheStore(directory, uid);
    store.write('s.js-1.v8', 's.js', Buffer.from('bytes'));
    const file = path.join(directory, 's.js-1.v8');
    const untrusted = (what: string) => {
      const read = store.read('s.js-1.v8');
      assert.equal(read.kind, 'untrusted', `${what}: ${JSON.stringify(read)}`);
      return read.kind === 'untrusted' ? read.why : '';
    };
    assert.match(new CodeCacheStore(directory, uid + 1).read('s.js-1.v8').kind, /untrusted/, 'a folder owned by another uid');
    fs.chmodSync(file, 0o666);
    assert.match(untrusted('a world-writable file'), /writable/);
    fs.chmodSync(file, 0o620);
    assert.match(untrusted('a group-writable file'), /writable/);
    fs.chmodSync(file, 0o600);
    fs.chmodSync(directory, 0o777);
    assert.match(untrusted('a world-writable folder'), /folder .*writable/);
    fs.chmodSync(directory, 0o700);
    // A file owned by another uid (only root can give one away).
    if (uid === 0) {
      fs.chownSync(file, 4242, -1);
      assert.match(untrusted('a file owned by another uid'), /owned by uid 4242/);
      fs.chownSync(file, uid, -1);
    }
    // A symlink in place of the file, and in place of the folder.
    fs.renameSync(file, path.join(directory, 'real.v8'));
    fs.symlinkSync(path.join(directory, 'real.v8'), file);
    untrusted('a symlink to an owned file');
    const linked = path.join(scratch, 'linked-folder');
    fs.symlinkSync(directory, linked);
    assert.equal(new CodeCacheStore(linked, uid).read('real.v8').kind, 'untrusted', 'a symlinked folder');
    assert.equal(new CodeCacheStore(directory, uid).read('real.v8').kind, 'found');
  });

  it('a cache that cannot be written (no folder can be made there) changes nothing but speed', () => {
    const blocker = path.join(scratch, 'a-file');
    fs.writeFileSync(blocker, '');
    const { cache, exports, outcome } = load(path.join(blocker, 'tabwright', 'v8'), SOURCE);
    assert.equal(outcome.cache, 'missing');
    assert.equal((exports as { sum: (a: number, b: number) => number }).sum(2, 3), 5);
    const [saved] = cache.save();
    assert.match(saved!.written!, /ENOTDIR/);
  });

  it('keeps a few caches of one script (an upgrade\'s old ones go)', () => {
    const directory = freshFolder();
    const store = new CodeCacheStore(directory, uid);
    for (let n = 1; n <= 5; n++) {
      store.write(`s.js-${n}.v8`, 's.js', Buffer.from('x'));
      fs.utimesSync(path.join(directory, `s.js-${n}.v8`), n, n);
    }
    store.write('t.js-1.v8', 't.js', Buffer.from('x'));
    assert.deepEqual(fs.readdirSync(directory).sort(), ['s.js-3.v8', 's.js-4.v8', 's.js-5.v8', 't.js-1.v8']);
  });
});

describe('code cache: compiling a module', () => {
  it('runs the module as Node would (exports, require, module, __dirname), makes a cache, and the next load is compiled from it', () => {
    const directory = freshFolder();
    const filename = path.join(scratch, 'node_modules', 'p', 'lib', 'm.js');
    const first = load(directory, SOURCE, filename);
    assert.equal(first.outcome.cache, 'missing');
    const exports = first.exports as Record<string, unknown>;
    assert.equal((exports.sum as (a: number, b: number) => number)(2, 3), 5);
    assert.equal(exports.dirname, path.dirname(filename));
    assert.equal(exports.self, true);
    assert.equal(exports.resolved, 'node:path');
    assert.equal(exports.path, '/');
    assert.equal(exports.later, 'compiled while loading');
    assert.equal(first.cache.save()[0]!.written, 'written');
    assert.deepEqual(first.cache.save(), [], 'each save says only what compiled since the last');
    assert.ok(fs.existsSync(path.join(directory, cacheName(filename, Module.wrap(SOURCE)))));
    assert.match(cacheName(filename, Module.wrap(SOURCE)), /^p\+lib\+m\.js-/);
    const second = load(directory, SOURCE, filename);
    assert.equal(second.outcome.cache, 'accepted');
    assert.equal((second.exports as { later: string }).later, 'compiled while loading');
    assert.deepEqual(second.cache.save().map(o => o.written), [undefined], 'an accepted cache is not written again');
  });

  it('another text never gets a cache made for this one (V8 itself checks only the length)', () => {
    const directory = freshFolder();
    const filename = path.join(scratch, 'same-name.js');
    load(directory, 'exports.v = "aaaa";', filename).cache.save();
    const changed = load(directory, 'exports.v = "bbbb";', filename);
    assert.equal(changed.outcome.cache, 'missing');
    assert.equal((changed.exports as { v: string }).v, 'bbbb');
  });

  it('a cache V8 rejects compiles from the text and is replaced', () => {
    const directory = freshFolder();
    const filename = path.join(scratch, 'rejected.js');
    const name = cacheName(filename, Module.wrap(SOURCE));
    new CodeCacheStore(directory, uid).write(name, scriptName(filename), Buffer.alloc(4096, 7));
    const rejected = load(directory, SOURCE, filename);
    assert.equal(rejected.outcome.cache, 'rejected');
    assert.equal((rejected.exports as { sum: (a: number, b: number) => number }).sum(1, 1), 2);
    assert.equal(rejected.cache.save()[0]!.written, 'written');
    assert.equal(load(directory, SOURCE, filename).outcome.cache, 'accepted');
  });

  it('an untrusted cache is not read: the module compiles from its text', () => {
    const directory = freshFolder();
    const filename = path.join(scratch, 'untrusted.js');
    load(directory, SOURCE, filename).cache.save();
    fs.chmodSync(path.join(directory, cacheName(filename, Module.wrap(SOURCE))), 0o666);
    const loaded = load(directory, SOURCE, filename);
    assert.equal(loaded.outcome.cache, 'untrusted');
    assert.match(loaded.outcome.why!, /writable/);
    assert.equal((loaded.exports as { sum: (a: number, b: number) => number }).sum(1, 2), 3);
  });
});
