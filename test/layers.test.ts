// The import rule of ARCHITECTURE.md holds for every source file (no browser involved).
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import { test } from 'node:test';
import { layerOffences } from '../scripts/layerRule.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('no import runs against the layer rule', () => {
  assert.deepEqual(layerOffences(root), []);
});

test('the check sees an upward import, a package in the CLI, and a dynamic import', () => {
  const fake = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-layers-'));
  try {
    for (const dir of ['router', 'cli', 'runtime']) fs.mkdirSync(path.join(fake, dir));
    fs.writeFileSync(path.join(fake, 'router', 'a.ts'), "import type { Task } from '../runtime/task.js';\n");
    fs.writeFileSync(path.join(fake, 'cli', 'b.ts'), "import fs from 'node:fs';\nimport Fastify from 'fastify';\n");
    fs.writeFileSync(path.join(fake, 'cli', 'c.ts'), "const m = await import('../router/x.js');\n");
    const found = layerOffences(fake).map(o => `${o.file} ${o.specifier}`).sort();
    assert.deepEqual(found, ['cli/b.ts fastify', 'cli/c.ts ../router/x.js', 'router/a.ts ../runtime/task.js']);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});
