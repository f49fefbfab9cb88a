// `npm pack` of this checkout ships what a user runs and nothing else (issue 31): the bundles
// `npm run build` made, the launcher, the live view, the skill, README and LICENSE; and the
// package depends only on what those bundles load from node_modules at run time.
// test/package-install.test.ts packs a clean copy (with the checkout's build) and installs it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from './harness/tabwrightCli.js';
import { packedFileProblems, RUNTIME_DEPENDENCIES } from './harness/packageContents.js';

interface PackEntry { files: { path: string; size: number }[]; size: number; entryCount: number }

test('npm pack lists the built bundles, the view, the skill, README and LICENSE, and no sources', () => {
  // --ignore-scripts: `npm test` has just built dist/; prepack would build it again under the other tests.
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [entry] = JSON.parse(out) as PackEntry[];
  const files = entry!.files.map(f => f.path);
  process.stderr.write(`npm pack: ${entry!.entryCount} files, ${entry!.size} bytes packed\n`);
  assert.deepEqual(packedFileProblems(files, PACKAGE_ROOT), []);
  assert.ok(!files.some(f => f.endsWith('.ts') || f.startsWith('test/') || f.startsWith('bench/')), files.join('\n'));
});

test('the package depends only on what its bundles load at run time', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>; scripts: Record<string, string>; files: string[];
  };
  assert.deepEqual(Object.keys(manifest.dependencies).sort(), Object.keys(RUNTIME_DEPENDENCIES).sort());
  assert.equal(manifest.scripts['prepack'], 'npm run build', 'npm pack must build what it ships');
});
