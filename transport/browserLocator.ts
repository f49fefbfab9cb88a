// Finds a Chromium-family browser on this machine. Used by the runtime at start and by
// `npm run setup`, so both agree on what "a browser was found" means.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SYSTEM_CANDIDATES = [
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

/** Chromium builds that `npx playwright install chromium` left in Playwright's cache. */
function playwrightCacheCandidates(): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(cache).filter(e => /^chromium-\d+$/.test(e)).sort().reverse();
  } catch {
    return [];
  }
  return entries.flatMap(e => [
    path.join(cache, e, 'chrome-linux64', 'chrome'),
    path.join(cache, e, 'chrome-linux', 'chrome'),
    path.join(cache, e, 'chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
  ]);
}

export interface BrowserLookup {
  path?: string;
  /** Where it looked, so a "not found" message can say so. */
  tried: string[];
  /** Set when TABWRIGHT_BROWSER names something that is not an executable. */
  invalidExplicit?: string;
}

export function locateBrowser(explicit = process.env.TABWRIGHT_BROWSER): BrowserLookup {
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
