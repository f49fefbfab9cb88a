// Finds a Chromium-family browser on this machine. Used by the runtime at start, and by the CLI
// before it starts one (`run` with no browser says how to get one), in `tabwright doctor` and in
// `tabwright install-browser` (which `npm run setup` runs), so all agree on what "a browser was
// found" means. Here, not in transport/, because the CLI may import only the contract; node
// built-ins only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathKnob } from './environmentKnobs.js';

/** Full Chrome/Chromium binaries where a system install puts them (the native client looks at these too). */
export const SYSTEM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * Launcher scripts and the binary each one ends by exec'ing. Debian's /usr/bin/chromium is a
 * shell script that runs uname, grep, find, findmnt, ls and expr and sources /etc/chromium.d
 * before its exec: 0.2-0.5 s of a cold start on two busy cores, and switches of its own
 * (--enable-gpu-rasterization, --load-extension=...). Playwright likewise runs Chrome's
 * /opt/google/chrome/chrome, not the google-chrome script. Snap launchers are left alone:
 * their confinement is what makes the binary run.
 */
const LAUNCHED_BINARIES: Readonly<Record<string, string>> = {
  '/usr/bin/chromium': '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome': '/opt/google/chrome/chrome',
  '/usr/bin/google-chrome-stable': '/opt/google/chrome/chrome',
};

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Folders of Playwright's browser cache whose names match `name`, newest build first. */
function playwrightCacheFolders(name: RegExp): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  try {
    return fs.readdirSync(cache).filter(e => name.test(e)).sort().reverse().map(e => path.join(cache, e));
  } catch {
    return [];
  }
}

/** Chromium builds that `npx playwright install chromium` left in Playwright's cache. */
function playwrightCacheCandidates(): string[] {
  return playwrightCacheFolders(/^chromium-\d+$/).flatMap(folder => [
    path.join(folder, 'chrome-linux64', 'chrome'),
    path.join(folder, 'chrome-linux', 'chrome'),
    path.join(folder, 'chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
  ]);
}

/**
 * Chromium's headless shell (the old headless mode as a binary of its own: no browser UI, no
 * profile services, no omnibox or component machinery). It is what Playwright itself launches
 * for `headless: true`. Its start-up to a first page load costs ~1.0 s of CPU here against
 * ~2.4 s for the full Chromium in headless mode (bench/chromiumStart.ts, same version),
 * most of a cold start on two cores. Debian: apt-get install chromium-headless-shell;
 * elsewhere: npx playwright install chromium-headless-shell.
 */
export const HEADLESS_SHELL_CANDIDATES: readonly string[] = [
  // Debian's binary itself: its /usr/bin/chromium-headless-shell is a shell script that runs it
  // as a child instead of exec'ing it, so the pid the runtime holds would not be the browser's
  // (a kill of it would leave Chromium running).
  '/usr/lib/chromium/chromium-headless-shell',
];

function playwrightHeadlessShellCandidates(): string[] {
  return playwrightCacheFolders(/^chromium_headless_shell-\d+$/).flatMap(folder => ['linux64', 'linux-arm64', 'mac-arm64', 'mac-x64']
    .map(platform => path.join(folder, `chrome-headless-shell-${platform}`, 'chrome-headless-shell')));
}

export interface BrowserLookup {
  path?: string;
  /** Where it looked, so a "not found" message can say so. */
  tried: string[];
  /** Set when TABWRIGHT_BROWSER names something that is not an executable. */
  invalidExplicit?: string;
}

/**
 * The browser to launch. TABWRIGHT_BROWSER (`explicit`) wins; else, for a headless launch, the
 * headless shell where one is installed; else a full Chrome/Chromium (headed needs one).
 */
export function locateBrowser(explicit = pathKnob(process.env, 'TABWRIGHT_BROWSER'), options: { headless?: boolean } = {}): BrowserLookup {
  if (!explicit && options.headless) {
    const shells = [...HEADLESS_SHELL_CANDIDATES, ...playwrightHeadlessShellCandidates()];
    const shell = shells.find(isExecutable);
    if (shell) return { path: shell, tried: shells };
  }
  if (explicit) {
    return isExecutable(explicit)
      ? { path: explicit, tried: [explicit] }
      : { tried: [explicit], invalidExplicit: explicit };
  }
  const tried = [...SYSTEM_CANDIDATES, ...playwrightCacheCandidates()];
  const found = tried.find(isExecutable);
  return { path: found === undefined ? undefined : pastLauncher(found), tried };
}

/** The binary a known launcher script would exec, when it is there; else the launcher itself. */
export function pastLauncher(file: string, launched: Readonly<Record<string, string>> = LAUNCHED_BINARIES): string {
  const binary = launched[file];
  return binary !== undefined && isExecutable(binary) ? binary : file;
}

/**
 * Why no browser can be launched and exactly what to do, for a lookup that found none: the
 * runtime's refusal to start and the CLI's (before it starts one) say the same.
 */
export function missingBrowserMessage(lookup: BrowserLookup): string {
  if (lookup.invalidExplicit !== undefined) {
    return `TABWRIGHT_BROWSER=${lookup.invalidExplicit} is not an executable file. Unset it to use a Chrome or Chromium found `
      + 'on this machine, or point it at one; `tabwright install-browser` finds or installs one and prints its path.';
  }
  return `No Chrome or Chromium found (looked at ${lookup.tried.join(', ')}). Run \`tabwright install-browser\`: it finds one, `
    + "else installs Debian's chromium with apt-get (as root), else downloads Playwright's Chromium. "
    + 'Or set TABWRIGHT_BROWSER=/path/to/chrome.';
}
