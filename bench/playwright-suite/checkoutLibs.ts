// Which Playwright a checkout's tests run: its own build (the default), or our installed
// playwright-core and playwright (their `lib/`), unchanged or as a task worker changes
// coreBundle.js (runtime/worker/playwrightInternals/coreBundleText/taskCoreBundle.ts). The checkout's own
// build is kept beside as `lib.built` while another is in place, and put back after; a run
// that died with it aside puts it back first.
import fs from 'node:fs';
import path from 'node:path';
import { taskCoreBundleText } from '../../runtime/worker/playwrightInternals/coreBundleText/taskCoreBundle.js';

export type Libs = 'built' | 'installed' | 'task';

const PACKAGES = ['playwright-core', 'playwright'] as const;

/** Puts each package's own build back where a run set another aside. */
export function restoreBuiltLibs(checkoutDir: string): void {
  for (const name of PACKAGES) {
    const dir = path.join(checkoutDir, 'packages', name);
    const built = path.join(dir, 'lib.built');
    if (!fs.existsSync(built)) continue;
    fs.rmSync(path.join(dir, 'lib'), { recursive: true, force: true });
    fs.renameSync(built, path.join(dir, 'lib'));
  }
}

/**
 * Makes the checkout run `libs`, our installed packages taken from `nodeModules`. Throws when a
 * task worker's change does not apply to the installed coreBundle.js: the run would then check
 * a text no worker runs.
 */
export function useLibs(checkoutDir: string, libs: Libs, nodeModules: string): void {
  restoreBuiltLibs(checkoutDir);
  if (libs === 'built') return;
  for (const name of PACKAGES) {
    const dir = path.join(checkoutDir, 'packages', name);
    fs.renameSync(path.join(dir, 'lib'), path.join(dir, 'lib.built'));
    fs.cpSync(path.join(nodeModules, name, 'lib'), path.join(dir, 'lib'), { recursive: true });
  }
  if (libs !== 'task') return;
  const core = path.join(checkoutDir, 'packages', 'playwright-core', 'lib', 'coreBundle.js');
  const { text, missing } = taskCoreBundleText(fs.readFileSync(core, 'utf8'));
  if (missing.length) {
    restoreBuiltLibs(checkoutDir);
    throw new Error(`a task worker's changes to coreBundle.js do not all apply to the installed playwright-core: ${missing.join('; ')}`);
  }
  fs.writeFileSync(core, text);
}
