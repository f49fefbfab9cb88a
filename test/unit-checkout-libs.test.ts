// bench:playwright-suite --task-bundle (bench/playwright-suite/checkoutLibs.ts): a checkout's own
// Playwright build is set aside while ours runs, and always put back; the task's coreBundle.js
// is the text a task worker compiles (taskCoreBundle.ts), and a change that does not apply stops
// the run instead of checking a text no worker runs.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { restoreBuiltLibs, useLibs } from '../bench/playwright-suite/checkoutLibs.js';
import { taskCoreBundleText } from '../runtime/worker/playwrightInternals/coreBundleText/taskCoreBundle.js';

const require = createRequire(import.meta.url);
const installedCore = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-checkout-libs-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
let made = 0;

/** A checkout whose packages' lib/ say "built", and node_modules whose say "installed". */
function fixture(coreText: string): { checkout: string; nodeModules: string; lib: (name: string) => string } {
  const root = path.join(scratch, String(++made));
  for (const name of ['playwright-core', 'playwright']) {
    fs.mkdirSync(path.join(root, 'checkout', 'packages', name, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'checkout', 'packages', name, 'lib', 'coreBundle.js'), `built ${name}`);
    fs.mkdirSync(path.join(root, 'node_modules', name, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', name, 'lib', 'coreBundle.js'), name === 'playwright-core' ? coreText : `installed ${name}`);
  }
  const checkout = path.join(root, 'checkout');
  return { checkout, nodeModules: path.join(root, 'node_modules'), lib: name => fs.readFileSync(path.join(checkout, 'packages', name, 'lib', 'coreBundle.js'), 'utf8') };
}

describe('a checkout\'s Playwright for bench:playwright-suite', () => {
  const installed = fs.readFileSync(installedCore, 'utf8');

  it('runs ours as installed, then as a task worker changes it, and puts its own build back', () => {
    const f = fixture(installed);
    useLibs(f.checkout, 'installed', f.nodeModules);
    assert.equal(f.lib('playwright-core'), installed);
    assert.equal(f.lib('playwright'), 'installed playwright');
    useLibs(f.checkout, 'task', f.nodeModules);
    assert.equal(f.lib('playwright-core'), taskCoreBundleText(installed).text);
    assert.notEqual(f.lib('playwright-core'), installed);
    restoreBuiltLibs(f.checkout);
    assert.equal(f.lib('playwright-core'), 'built playwright-core');
    assert.equal(f.lib('playwright'), 'built playwright');
    assert.ok(!fs.existsSync(path.join(f.checkout, 'packages', 'playwright', 'lib.built')));
  });

  it('puts its own build back first when a run died with it aside', () => {
    const f = fixture(installed);
    useLibs(f.checkout, 'installed', f.nodeModules);
    useLibs(f.checkout, 'built', f.nodeModules);
    assert.equal(f.lib('playwright-core'), 'built playwright-core');
  });

  it('refuses a coreBundle.js the task worker\'s changes do not all apply to, and leaves the build in place', () => {
    const f = fixture('module.exports = {};');
    assert.throws(() => useLibs(f.checkout, 'task', f.nodeModules), /do not all apply to the installed playwright-core: .+/);
    assert.equal(f.lib('playwright-core'), 'built playwright-core');
  });

  it('makes every change of a task worker to the installed playwright-core', () => {
    assert.deepEqual(taskCoreBundleText(installed).missing, []);
  });
});
