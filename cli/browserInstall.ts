// Getting a browser onto the machine, for `tabwright install-browser` (and so `npm run setup`):
// reuse a Chrome or Chromium found here (contract/browserLocator.ts, the runtime's own lookup);
// else, as root where apt-get exists, Debian's chromium; else Playwright's download of its
// Chromium. Then the same for Chromium's headless shell, which a headless runtime launches
// where installed (less than half the full browser's start-up CPU), without failing when it
// cannot be had. The installers' own output goes to stderr: stdout is the command's JSON.
import { execFileSync, spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { locateBrowser, missingBrowserMessage } from '../contract/browserLocator.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';

/** Where a browser came from: named by the user, already here, or installed now by one of the two installers. */
export type BrowserSource = 'TABWRIGHT_BROWSER' | 'found' | 'apt-get' | 'playwright';

export interface BrowserFound { path: string; version: string; source: BrowserSource }

export type BrowserInstall =
  | { ok: true; browser: BrowserFound; headlessShell: BrowserFound | null; note?: string }
  | { ok: false; failure: CliFailure };

/** What `PATH --version` prints (e.g. "Chromium 141.0.7390.65 built on Debian"), or undefined when it cannot run. */
export function browserVersion(path: string): string | undefined {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function found(path: string, source: BrowserSource): BrowserFound {
  return { path, version: browserVersion(path) ?? 'unknown (--version failed)', source };
}

const APT_GET = '/usr/bin/apt-get';
const INSTALLER_OUTPUT: StdioOptions = ['ignore', 2, 2];

/** Installs a Debian package as root; false where that cannot be tried or fails. */
function aptInstall(debianPackage: 'chromium' | 'chromium-headless-shell', say: (line: string) => void): boolean {
  if (process.getuid?.() !== 0 || !existsSync(APT_GET)) return false;
  say(`installing Debian's ${debianPackage} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync(APT_GET, ['update', '-qq'], { stdio: INSTALLER_OUTPUT, env }).status !== 0) return false;
  return spawnSync(APT_GET, ['install', '-y', '-qq', debianPackage], { stdio: INSTALLER_OUTPUT, env }).status === 0;
}

/**
 * Playwright's download of its Chromium (and, with it, its headless shell) into Playwright's
 * cache, which the locator reads. Run with the playwright-core this package depends on: `npx`
 * from the user's folder would fetch another.
 */
function playwrightInstall(say: (line: string) => void): boolean {
  let cli: string;
  try {
    cli = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  } catch {
    return false;
  }
  say("downloading Playwright's Chromium (playwright-core install chromium)");
  return spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: INSTALLER_OUTPUT }).status === 0;
}

const SHELL_ADVICE = 'No Chromium headless shell: headless runs launch the full browser, with about twice the start-up CPU. '
  + 'For a faster cold start: apt-get install chromium-headless-shell (Debian, as root), or npx playwright install chromium-headless-shell.';

/** Finds or installs a browser (and a headless shell where it can), saying each step through `say`. */
export function installBrowser(say: (line: string) => void): BrowserInstall {
  const explicit = process.env['TABWRIGHT_BROWSER'] || undefined;
  const lookup = locateBrowser(explicit);
  if (lookup.invalidExplicit !== undefined) {
    return { ok: false, failure: { name: 'BrowserNotFound', message: missingBrowserMessage(lookup), exitCode: ExitCode.Usage } };
  }
  let browser: BrowserFound;
  if (lookup.path !== undefined) {
    browser = found(lookup.path, explicit ? 'TABWRIGHT_BROWSER' : 'found');
  } else {
    const source: BrowserSource | undefined = aptInstall('chromium', say) ? 'apt-get' : playwrightInstall(say) ? 'playwright' : undefined;
    const installed = source && locateBrowser().path;
    if (!source || !installed) {
      return {
        ok: false,
        failure: {
          name: 'BrowserInstallFailed',
          message: 'No Chrome or Chromium was found, and none could be installed: apt-get needs root on Debian or Ubuntu '
            + "and Playwright's download needs its download host (their output, if they ran, is above). "
            + 'Install Chrome or Chromium yourself, then run `tabwright install-browser` again or set TABWRIGHT_BROWSER=/path/to/chrome.',
          exitCode: ExitCode.Failed,
          details: { tried: lookup.tried },
        },
      };
    }
    browser = found(installed, source);
  }
  say(`browser (${browser.source}): ${browser.path} (${browser.version})`);
  // A browser named by TABWRIGHT_BROWSER is the one every run launches: no shell to look for then.
  if (explicit) return { ok: true, browser, headlessShell: null };
  const shellPath = (): string | undefined => {
    const headless = locateBrowser(undefined, { headless: true }).path;
    return headless !== browser.path ? headless : undefined;
  };
  let shell = shellPath();
  let shellSource: BrowserSource = 'found';
  if (!shell && aptInstall('chromium-headless-shell', say)) {
    shell = shellPath();
    shellSource = 'apt-get';
  }
  if (!shell) {
    say(SHELL_ADVICE);
    return { ok: true, browser, headlessShell: null, note: SHELL_ADVICE };
  }
  const headlessShell = found(shell, browser.source === 'playwright' ? 'playwright' : shellSource);
  say(`headless shell (${headlessShell.source}), for headless runs: ${headlessShell.path} (${headlessShell.version})`);
  return { ok: true, browser, headlessShell };
}
