// A worker's prepared Playwright texts (runtime/worker/playwrightInternals/preparedText.ts): made
// once and read by later workers, named by the exact bytes and the code that prepares them, never
// read when the file is not this user's alone or not the text it says it is. The end-to-end check
// (a second runtime reads the texts the first made) is in playwright-internals.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Module } from 'node:module';
import { PreparedTexts } from '../runtime/worker/playwrightInternals/preparedText.js';
import { CodeCache, cacheName } from '../runtime/worker/playwrightInternals/codeCache.js';
import { CodeCacheStore } from '../runtime/codeCache/codeCacheStore.js';
import { loadOneByte } from '../runtime/worker/playwrightInternals/oneByteSource.js';

const uid = process.getuid!();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-prepared-text-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const freshStore = () => new CodeCacheStore(path.join(scratch, `cache-${++folders}`, 'tabwright', 'v8'), uid);
const FILE = path.join(scratch, 'node_modules', 'p', 'lib', 'bundle.js');
const BYTES = Buffer.from('exports.v = "caf\u00e9 \u2192 ok";\n', 'utf8');

/** A preparer that counts its calls and marks its text. */
function counting() {
  const calls = { n: 0 };
  return { calls, prepare: (bytes: Buffer) => { calls.n++; return `${bytes.toString('latin1')}/* prepared */`; } };
}

describe('prepared texts', () => {
  it('are made once and then read, the same text, by a later worker', () => {
    const store = freshStore();
    const { calls, prepare } = counting();
    const first = new PreparedTexts(store, 'code-1').text(FILE, BYTES, prepare);
    assert.equal(first.from, 'made');
    assert.equal(first.written, undefined);
    const second = new PreparedTexts(store, 'code-1').text(FILE, BYTES, prepare);
    assert.equal(second.from, 'read');
    assert.equal(calls.n, 1);
    assert.equal(second.text, first.text);
    assert.equal(second.digest, first.digest);
    assert.match(fs.readdirSync(store.directory).join(), /^text\+p\+lib\+bundle\.js-[0-9a-f]{40}\.txt$/);
  });

  it('are named by the exact bytes and by the code that prepares them', () => {
    const texts = new PreparedTexts(freshStore(), 'code-1');
    const name = texts.nameOf(FILE, BYTES);
    assert.notEqual(texts.nameOf(FILE, Buffer.from('exports.v = 2;')), name);
    assert.notEqual(new PreparedTexts(freshStore(), 'code-2').nameOf(FILE, BYTES), name, 'a worker whose code changed makes its own');
    const store = freshStore();
    const { calls, prepare } = counting();
    new PreparedTexts(store, 'code-1').text(FILE, BYTES, prepare);
    new PreparedTexts(store, 'code-2').text(FILE, BYTES, prepare);
    new PreparedTexts(store, 'code-1').text(FILE, Buffer.from('exports.v = 2;'), prepare);
    assert.equal(calls.n, 3);
  });

  it('a file that is not the text it names (changed, cut short) is made again and replaced', () => {
    const store = freshStore();
    const { calls, prepare } = counting();
    const texts = new PreparedTexts(store, 'code-1');
    const made = texts.text(FILE, BYTES, prepare);
    const file = path.join(store.directory, texts.nameOf(FILE, BYTES));
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([whole.subarray(0, whole.length - 3), Buffer.from('1;}')]));
    assert.equal(texts.text(FILE, BYTES, prepare).from, 'made', 'a changed text');
    fs.writeFileSync(file, whole.subarray(0, 40));
    assert.equal(texts.text(FILE, BYTES, prepare).from, 'made', 'a file cut short');
    assert.equal(calls.n, 3);
    const read = texts.text(FILE, BYTES, prepare);
    assert.equal(read.from, 'read');
    assert.equal(read.text, made.text);
  });

  it('a file that is not this user\'s alone is not read', () => {
    const store = freshStore();
    const { calls, prepare } = counting();
    const texts = new PreparedTexts(store, 'code-1');
    texts.text(FILE, BYTES, prepare);
    fs.chmodSync(path.join(store.directory, texts.nameOf(FILE, BYTES)), 0o666);
    assert.equal(texts.text(FILE, BYTES, prepare).from, 'made');
    assert.equal(calls.n, 2);
  });

  it('a text beyond one byte a character is used but not kept (Latin-1 would change it)', () => {
    const store = freshStore();
    const wide = new PreparedTexts(store, 'code-1').text(FILE, BYTES, () => 'exports.v = "\u2192";');
    assert.equal(wide.text, 'exports.v = "\u2192";');
    assert.equal(wide.written, 'not one byte a character');
    assert.deepEqual(fs.existsSync(store.directory) ? fs.readdirSync(store.directory) : [], []);
  });

  it('without a readable worker file nothing names what prepares a text: none are kept', () => {
    assert.equal(PreparedTexts.forWorker(freshStore(), path.join(scratch, 'no-such-bundle.js')), undefined);
  });

  it('a module loads through them: the text read the second time compiles from the code cache named by its hash', () => {
    const store = freshStore();
    fs.mkdirSync(path.dirname(FILE), { recursive: true });
    fs.writeFileSync(FILE, BYTES);
    const loadOnce = () => {
      const cache = new CodeCache(store);
      const extensions = { '.js': () => { throw new Error('not one of the chosen files'); } } as unknown as NodeJS.RequireExtensions;
      loadOneByte(extensions, [FILE], (_filename, text) => text.replace('ok', 'prepared'), cache.compile, new PreparedTexts(store, 'code-1'));
      const module = new Module(FILE);
      module.filename = FILE;
      extensions['.js'](module, FILE);
      const [outcome] = cache.save();
      return { exports: module.exports as { v: string }, outcome };
    };
    const one = loadOnce();
    assert.equal(one.exports.v, 'caf\u00e9 \u2192 prepared');
    assert.deepEqual(one.outcome, { script: 'p+lib+bundle.js', cache: 'missing', text: 'made', written: 'written' });
    const two = loadOnce();
    assert.equal(two.exports.v, 'caf\u00e9 \u2192 prepared');
    assert.deepEqual(two.outcome, { script: 'p+lib+bundle.js', cache: 'accepted', text: 'read' });
    const names = fs.readdirSync(store.directory).sort();
    const text = new PreparedTexts(store, 'code-1').text(FILE, BYTES, () => assert.fail('read, not made'));
    assert.ok(names.includes(cacheName(FILE, { textDigest: text.digest })), names.join(', '));
    assert.ok(!names.includes(cacheName(FILE, Module.wrap(text.text))), 'named by the hash, not by hashing the text again');
  });
});
