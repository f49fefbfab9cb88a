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
import { pathKnob } from '../contract/environmentKnobs.js';

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

const APT_GET = '/usr/bin/apt-get';
const INSTALLER_OUTPUT: StdioOptions = ['ignore', 2, 2];

/** What one installer did: installed, could not be tried here, or ran and failed; `why` says which. */
export type InstallAttempt = { ok: true } | { ok: false; why: string };

/** Installs a Debian package as root with apt-get. */
function aptInstall(debianPackage: 'chromium' | 'chromium-headless-shell', say: (line: string) => void): InstallAttempt {
  if (!existsSync(APT_GET)) return { ok: false, why: 'apt-get: not a Debian or Ubuntu machine' };
  if (process.getuid?.() !== 0) return { ok: false, why: `apt-get: needs root (run \`sudo apt-get install -y ${debianPackage}\`)` };
  say(`installing Debian's ${debianPackage} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync(APT_GET, ['update', '-qq'], { stdio: INSTALLER_OUTPUT, env }).status !== 0) return { ok: false, why: 'apt-get update failed (its output is above)' };
  return spawnSync(APT_GET, ['install', '-y', '-qq', debianPackage], { stdio: INSTALLER_OUTPUT, env }).status === 0
    ? { ok: true } : { ok: false, why: `apt-get install ${debianPackage} failed (its output is above)` };
}

/**
 * Playwright's download of its Chromium (and, with it, its headless shell) into Playwright's
 * cache, which the locator reads. Run with the playwright-core this package depends on: `npx`
 * from the user's folder would fetch another.
 */
function playwrightInstall(say: (line: string) => void): InstallAttempt {
  let cli: string;
  try {
    cli = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  } catch {
    return { ok: false, why: 'Playwright: playwright-core is not installed beside tabwright' };
  }
  say("downloading Playwright's Chromium (playwright-core install chromium)");
  return spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: INSTALLER_OUTPUT }).status === 0
    ? { ok: true } : { ok: false, why: "Playwright's download failed (its output is above)" };
}

/** What installBrowser reads and runs on the machine; tests give their own. */
export interface Machine {
  /** TABWRIGHT_BROWSER, when set. */
  explicit: string | undefined;
  locate: typeof locateBrowser;
  version: (path: string) => string | undefined;
  aptInstall: typeof aptInstall;
  playwrightInstall: typeof playwrightInstall;
}

const THIS_MACHINE: Machine = {
  get explicit() { return pathKnob(process.env, 'TABWRIGHT_BROWSER'); },
  locate: locateBrowser,
  version: browserVersion,
  aptInstall,
  playwrightInstall,
};

const SHELL_ADVICE = 'No Chromium headless shell: headless runs launch the full browser, with about twice the start-up CPU. '
  + 'For a faster cold start: apt-get install chromium-headless-shell (Debian, as root), or npx playwright install chromium-headless-shell.';

/** Finds or installs a browser (and a headless shell where it can), saying each step through `say`. */
export function installBrowser(say: (line: string) => void, machine: Machine = THIS_MACHINE): BrowserInstall {
  const found = (path: string, source: BrowserSource): BrowserFound =>
    ({ path, version: machine.version(path) ?? 'unknown (--version failed)', source });
  const explicit = machine.explicit;
  const lookup = machine.locate(explicit);
  if (lookup.invalidExplicit !== undefined) {
    return { ok: false, failure: { name: 'BrowserNotFound', message: missingBrowserMessage(lookup), exitCode: ExitCode.Usage } };
  }
  let browser: BrowserFound;
  if (lookup.path !== undefined) {
    browser = found(lookup.path, explicit ? 'TABWRIGHT_BROWSER' : 'found');
  } else {
    // Debian's package first (a system browser, updated with the system), then Playwright's build.
    const attempts: string[] = [];
    let source: BrowserSource | undefined;
    for (const [installer, install] of [['apt-get', () => machine.aptInstall('chromium', say)], ['playwright', () => machine.playwrightInstall(say)]] as const) {
      const attempt = install();
      if (attempt.ok) { source = installer; break; }
      attempts.push(attempt.why);
    }
    const installed = source && machine.locate(undefined).path;
    if (!source || !installed) {
      if (source) attempts.push(`${source} reported success, but no browser is where tabwright looks`);
      return {
        ok: false,
        failure: {
          name: 'BrowserInstallFailed',
          message: `No Chrome or Chromium was found, and none could be installed: ${attempts.join('; ')}. `
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
    const headless = machine.locate(undefined, { headless: true }).path;
    return headless !== browser.path ? headless : undefined;
  };
  let shell = shellPath();
  // Playwright's download brings its headless shell with its Chromium.
  let shellSource: BrowserSource = browser.source === 'playwright' ? 'playwright' : 'found';
  if (!shell && machine.aptInstall('chromium-headless-shell', say).ok) {
    shell = shellPath();
    shellSource = 'apt-get';
  }
  if (!shell) {
    say(SHELL_ADVICE);
    return { ok: true, browser, headlessShell: null, note: SHELL_ADVICE };
  }
  const headlessShell = found(shell, shellSource);
  say(`headless shell (${headlessShell.source}), for headless runs: ${headlessShell.path} (${headlessShell.version})`);
  return { ok: true, browser, headlessShell };
}
