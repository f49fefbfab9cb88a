// `tabwright install-browser`'s order of attempts (cli/browserInstall.ts) on a made-up machine:
// a browser found is used as it is; else apt-get (as root), else Playwright's download; the
// headless shell the same way; and a failure says what each installer answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserLookup } from '../contract/browserLocator.js';
import { installBrowser, type InstallAttempt, type Machine } from '../cli/browserInstall.js';

const FULL = '/usr/lib/chromium/chromium';
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
const PW_FULL = '/cache/chromium-1/chrome-linux64/chrome';
const PW_SHELL = '/cache/chromium_headless_shell-1/chrome-headless-shell-linux64/chrome-headless-shell';

/** A machine holding `present` files; each installer, when it succeeds, adds its files. */
function machine(present: string[], installers: { apt?: Record<string, InstallAttempt>; playwright?: InstallAttempt } = {}, explicit?: string) {
  const files = new Set(present);
  const ran: string[] = [];
  const fake: Machine = {
    explicit,
    locate(named, options = {}): BrowserLookup {
      if (named) return files.has(named) ? { path: named, tried: [named] } : { tried: [named], invalidExplicit: named };
      const shell = [SHELL, PW_SHELL].find(f => files.has(f));
      if (options.headless && shell) return { path: shell, tried: [SHELL, PW_SHELL] };
      return { path: [FULL, PW_FULL].find(f => files.has(f)), tried: [FULL, PW_FULL] };
    },
    version: path => `Chromium 1.0 (${path})`,
    aptInstall(pkg) {
      ran.push(`apt ${pkg}`);
      const attempt = installers.apt?.[pkg] ?? { ok: false, why: 'apt-get: needs root' };
      if (attempt.ok) files.add(pkg === 'chromium' ? FULL : SHELL);
      return attempt;
    },
    playwrightInstall() {
      ran.push('playwright');
      const attempt = installers.playwright ?? { ok: false, why: "Playwright's download failed" };
      if (attempt.ok) { files.add(PW_FULL); files.add(PW_SHELL); }
      return attempt;
    },
  };
  return { fake, ran };
}

const quiet = () => {};

describe('install-browser', () => {
  it('uses a browser and a shell already there, and installs nothing', () => {
    const { fake, ran } = machine([FULL, SHELL]);
    const result = installBrowser(quiet, fake);
    assert.ok(result.ok);
    assert.deepEqual(result.browser, { path: FULL, version: `Chromium 1.0 (${FULL})`, source: 'found' });
    assert.equal(result.headlessShell?.path, SHELL);
    assert.equal(result.headlessShell?.source, 'found');
    assert.deepEqual(ran, []);
  });

  it('with no browser and no root, takes Playwright\'s download, shell included', () => {
    const { fake, ran } = machine([], { playwright: { ok: true } });
    const result = installBrowser(quiet, fake);
    assert.ok(result.ok);
    assert.deepEqual([result.browser.path, result.browser.source], [PW_FULL, 'playwright']);
    assert.deepEqual([result.headlessShell?.path, result.headlessShell?.source], [PW_SHELL, 'playwright']);
    assert.deepEqual(ran, ['apt chromium', 'playwright']);
  });

  it('as root on Debian, apt-get installs chromium, then the headless shell', () => {
    const { fake, ran } = machine([], { apt: { chromium: { ok: true }, 'chromium-headless-shell': { ok: true } } });
    const result = installBrowser(quiet, fake);
    assert.ok(result.ok);
    assert.deepEqual([result.browser.path, result.browser.source], [FULL, 'apt-get']);
    assert.deepEqual([result.headlessShell?.path, result.headlessShell?.source], [SHELL, 'apt-get']);
    assert.deepEqual(ran, ['apt chromium', 'apt chromium-headless-shell']);
  });

  it('a browser without a shell is enough: the note says how to get the shell', () => {
    const { fake } = machine([FULL]);
    const result = installBrowser(quiet, fake);
    assert.ok(result.ok);
    assert.equal(result.headlessShell, null);
    assert.match(result.note ?? '', /chromium-headless-shell/);
  });

  it('when nothing can be installed, says what each installer answered (exit 1)', () => {
    const { fake } = machine([], { apt: { chromium: { ok: false, why: 'apt-get: needs root' } }, playwright: { ok: false, why: "Playwright's download failed" } });
    const result = installBrowser(quiet, fake);
    assert.ok(!result.ok);
    assert.equal(result.failure.name, 'BrowserInstallFailed');
    assert.equal(result.failure.exitCode, 1);
    assert.match(result.failure.message, /none could be installed: apt-get: needs root; Playwright's download failed\. /);
  });

  it('TABWRIGHT_BROWSER wins: used as named, no shell looked for; not there is exit 2 and nothing is installed', () => {
    const named = machine(['/opt/my/chrome', SHELL], {}, '/opt/my/chrome');
    const used = installBrowser(quiet, named.fake);
    assert.ok(used.ok);
    assert.deepEqual([used.browser.path, used.browser.source, used.headlessShell], ['/opt/my/chrome', 'TABWRIGHT_BROWSER', null]);
    const missing = machine([], { playwright: { ok: true } }, '/no/chrome');
    const refused = installBrowser(quiet, missing.fake);
    assert.ok(!refused.ok);
    assert.equal(refused.failure.name, 'BrowserNotFound');
    assert.equal(refused.failure.exitCode, 2);
    assert.deepEqual(missing.ran, []);
  });
});
