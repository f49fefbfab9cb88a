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
  return { path: tried.find(isExecutable), tried };
}
