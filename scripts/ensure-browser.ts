// `npm run setup`, last step: make sure a Chromium-family browser exists. Reuse one found on
// the machine; else, as root on Debian/Ubuntu, apt-get install chromium; else Playwright's
// own download. Then the same for Chromium's headless shell, which the runtime prefers when
// headless (transport/browserLocator.ts: less than half the start-up CPU), without failing
// the setup when it cannot be had. Prints what it found.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { locateBrowser } from '../transport/browserLocator.js';

function versionOf(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'version unknown';
  }
}

function report(path: string, how: string): void {
  console.log(`tabwright: browser ${how}: ${path} (${versionOf(path)})`);
}

function tryApt(pkg: 'chromium' | 'chromium-headless-shell'): boolean {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) return false;
  console.log(`tabwright: installing Debian's ${pkg} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
}

function tryPlaywright(): boolean {
  console.log('tabwright: no browser found; trying `npx playwright install chromium`');
  return spawnSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit' }).status === 0;
}

const found = locateBrowser();
/** The full browser every headed run (and a headless one without the shell) launches. */
let full = found.path;
if (full) {
  report(full, process.env.TABWRIGHT_BROWSER ? 'from TABWRIGHT_BROWSER' : 'found');
} else if (found.invalidExplicit) {
  console.error(`tabwright: TABWRIGHT_BROWSER=${found.invalidExplicit} is not an executable file; unset it or point it at Chrome/Chromium.`);
  process.exit(1);
} else {
  full = tryApt('chromium') || tryPlaywright() ? locateBrowser().path : undefined;
  if (!full) {
    console.error('tabwright: no browser could be found or installed. Install Chrome or Chromium and set TABWRIGHT_BROWSER=/path/to/it.');
    process.exit(1);
  }
  report(full, 'installed');
}

// A browser named by TABWRIGHT_BROWSER is the one every run uses: no shell to look for then.
if (!process.env.TABWRIGHT_BROWSER) {
  /** The headless shell, when the headless lookup finds one (else it answers the full browser). */
  const headlessShell = (): string | undefined => {
    const headless = locateBrowser(undefined, { headless: true }).path;
    return headless !== full ? headless : undefined;
  };
  let shell = headlessShell();
  let how = 'found';
  if (!shell && tryApt('chromium-headless-shell')) {
    shell = headlessShell();
    how = 'installed';
  }
  if (shell) report(shell, `for headless runs (headless shell) ${how}`);
  else console.log('tabwright: no Chromium headless shell; headless runs use the full browser. For a faster cold start: npx playwright install chromium-headless-shell (or apt-get install chromium-headless-shell).');
}
