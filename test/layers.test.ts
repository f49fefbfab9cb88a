// The import rule of ARCHITECTURE.md holds for every source file (no browser involved).
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import { test } from 'node:test';
import { importCycles, layerOffences, roomOffences } from '../scripts/layerRule.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('no import runs against the layer rule', () => {
  assert.deepEqual(layerOffences(root), []);
});

test('runtime/\'s and runtime/worker/\'s rooms import one another only as RUNTIME_ROOMS and WORKER_ROOMS say, each has a README and no room\'s top is over its size', () => {
  assert.deepEqual(roomOffences(root), []);
});

test('the room check sees an import up, a folder that is no room, and a room with no README', () => {
  const fake = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-rooms-'));
  try {
    for (const dir of ['browser', 'tasks', 'misc']) fs.mkdirSync(path.join(fake, 'runtime', dir), { recursive: true });
    fs.writeFileSync(path.join(fake, 'runtime', 'tasks', 'README.md'), 'tasks\n');
    fs.writeFileSync(path.join(fake, 'runtime', 'browser', 'a.ts'), "import type { Task } from '../tasks/task.js';\nimport { log } from '../runtimeLog.js';\n");
    fs.writeFileSync(path.join(fake, 'runtime', 'tasks', 'b.ts'), "import { a } from '../browser/a.js';\nimport { s } from '../service.js';\n");
    const found = roomOffences(fake).filter(o => !o.why.startsWith('a room of RUNTIME_ROOMS with no folder')).map(o => `${o.file} ${o.specifier}`.trim()).sort();
    assert.deepEqual(found, ['runtime/browser', 'runtime/browser/a.ts ../tasks/task.js', 'runtime/misc', 'runtime/tasks/b.ts ../service.js']);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});

test('the worker\'s room check sees an import up, an import of the worker\'s top, and a folder that is no room; an import out of worker/ is RUNTIME_ROOMS\' to judge', () => {
  const fake = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-worker-rooms-'));
  try {
    const worker = path.join(fake, 'runtime', 'worker');
    for (const dir of ['effects', 'program', 'playwrightInternals', 'misc']) fs.mkdirSync(path.join(worker, dir), { recursive: true });
    for (const dir of ['.', 'effects', 'program', 'playwrightInternals']) fs.writeFileSync(path.join(worker, dir, 'README.md'), 'room\n');
    // effects/ is below program/ (its README: it must not import program/); nothing but main.ts imports the top.
    fs.writeFileSync(path.join(worker, 'effects', 'a.ts'), "import { Tabs } from '../program/tabs.js';\nimport { cause } from '../../mutations/mutationCause.js';\nimport { wrap } from '../playwrightInternals/locatorPrototype.js';\n");
    fs.writeFileSync(path.join(worker, 'program', 'b.ts'), "import { a } from '../effects/a.js';\nimport { DEFAULT_ACTION_TIMEOUT_MS } from '../defaultTimeouts.js';\n");
    // A backwards edge named in WORKER_ROOMS is allowed.
    fs.writeFileSync(path.join(worker, 'playwrightInternals', 'c.ts'), "import { asRuntime } from '../effects/a.js';\n");
    fs.writeFileSync(path.join(worker, 'main.ts'), "import { b } from './program/b.js';\n");
    const found = roomOffences(fake).filter(o => o.file.startsWith('runtime/worker/')).filter(o => !o.why.includes('with no folder')).map(o => `${o.file} ${o.specifier}`.trim()).sort();
    assert.deepEqual(found, ['runtime/worker/effects/a.ts ../program/tabs.js', 'runtime/worker/misc', 'runtime/worker/program/b.ts ../defaultTimeouts.js']);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});

test('no import circle among the layered folders\' files (type imports count)', () => {
  assert.deepEqual(importCycles(root), []);
});

test('the circle check sees a circle through three files, a type import and a self-import, and not a chain', () => {
  const fake = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-circles-'));
  try {
    fs.mkdirSync(path.join(fake, 'router'));
    fs.writeFileSync(path.join(fake, 'router', 'a.ts'), "import { b } from './b.js';\n");
    fs.writeFileSync(path.join(fake, 'router', 'b.ts'), "import type { C } from './c.js';\n");
    fs.writeFileSync(path.join(fake, 'router', 'c.ts'), "export type { A } from './a.js';\n");
    fs.writeFileSync(path.join(fake, 'router', 'd.ts'), "import { a } from './a.js';\n");
    fs.writeFileSync(path.join(fake, 'router', 'e.ts'), "const self = await import('./e.js');\n");
    assert.deepEqual(importCycles(fake).sort(), [['router/a.ts', 'router/b.ts', 'router/c.ts'], ['router/e.ts']]);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});

test('no source file under runtime/ or router/ is over 400 lines (a file holds one idea)', () => {
  const long: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) {
        const lines = fs.readFileSync(path.join(root, relative), 'utf8').split('\n').length - 1;
        if (lines > 400) long.push(`${relative}: ${lines} lines`);
      }
    }
  };
  for (const dir of ['runtime', 'router']) walk(dir);
  assert.deepEqual(long, []);
});

test('the check sees an upward import, a package in the CLI, and a dynamic import', () => {
  const fake = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-layers-'));
  try {
    for (const dir of ['router', 'cli', 'runtime']) fs.mkdirSync(path.join(fake, dir));
    fs.writeFileSync(path.join(fake, 'router', 'a.ts'), "import type { Task } from '../runtime/tasks/task.js';\n");
    fs.writeFileSync(path.join(fake, 'cli', 'b.ts'), "import fs from 'node:fs';\nimport Fastify from 'fastify';\n");
    fs.writeFileSync(path.join(fake, 'cli', 'c.ts'), "const m = await import('../router/x.js');\n");
    const found = layerOffences(fake).map(o => `${o.file} ${o.specifier}`).sort();
    assert.deepEqual(found, ['cli/b.ts fastify', 'cli/c.ts ../router/x.js', 'router/a.ts ../runtime/tasks/task.js']);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});
