// The worker loads Playwright's bundles with every character beyond Latin-1 escaped
// (runtime/worker/playwrightInternals/oneByteSource.ts): the same program, held at one byte a character.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { tokenizer, tokTypes } from 'acorn';
import { oneByteText } from '../runtime/worker/playwrightInternals/oneByteSource.js';

const require = createRequire(import.meta.url);
const BUNDLES = ['playwright-core/lib/coreBundle', 'playwright-core/lib/utilsBundle'].map(name => require.resolve(name));

describe('one-byte source', () => {
  it('escapes what is beyond Latin-1 and means the same program', () => {
    const source = '// box ─── drawing → here\n'
      + 'const s = "café → 😀 ─"; const r = /[─→]/.test("a→b"); const id = { "Δ": 1 };\n'
      + '({ s, r, length: s.length, keys: Object.keys(id) })';
    const escaped = oneByteText(Buffer.from(source, 'utf8'));
    assert.ok([...escaped].every(c => c.charCodeAt(0) <= 0xff), escaped);
    assert.match(escaped, /caf\u00e9/, 'a Latin-1 character stays as it is');
    // Compared as JSON: each run has its own realm, so its objects have other prototypes.
    assert.equal(JSON.stringify(vm.runInNewContext(escaped)), JSON.stringify(vm.runInNewContext(source)));
  });

  it('finds no character beyond Latin-1 in a template literal of the installed Playwright (where an escape would change its raw text)', () => {
    for (const file of BUNDLES) {
      const text = fs.readFileSync(file, 'utf8');
      const wide: number[] = [];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) wide.push(i);
      const templates: [number, number][] = [];
      for (const token of tokenizer(text, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, allowReturnOutsideFunction: true })) {
        if (token.type === tokTypes.template || token.type === tokTypes.invalidTemplate) templates.push([token.start, token.end]);
      }
      const inTemplate = wide.filter(at => templates.some(([start, end]) => at >= start && at < end));
      assert.deepEqual(inTemplate.map(at => text.slice(at - 30, at + 10)), [], file);
    }
  });

  it('loads Playwright in a worker with its bundles held at one byte a character', async () => {
    const moduleUrl = new URL('../runtime/worker/playwrightInternals/oneByteSource.js', import.meta.url).href;
    const code = `
      const { parentPort } = require('node:worker_threads');
      const v8 = require('node:v8');
      const { createRequire } = require('node:module');
      import(${JSON.stringify(moduleUrl)}).then(({ loadOneByte }) => {
        const req = createRequire(${JSON.stringify(import.meta.url)});
        loadOneByte(req.extensions, ${JSON.stringify(BUNDLES)});
        const { chromium } = req('playwright-core');
        const large = v8.getHeapSpaceStatistics().find(s => s.space_name === 'large_object_space');
        parentPort.postMessage({ name: chromium.name(), largeMiB: large.space_used_size / 1048576 });
      });`;
    const worker = new Worker(code, { eval: true });
    const reply = await new Promise<{ name: string; largeMiB: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.equal(reply.name, 'chromium');
    // 6.9 MB of text at one byte a character; at two bytes it was 13.8 MiB.
    assert.ok(reply.largeMiB < 10, `large objects ${reply.largeMiB.toFixed(1)} MiB`);
  });
});
