// Issue 31, what a new user meets first: `tabwright --version`, `tabwright install-browser` and
// `tabwright doctor` saying what this installation launches; and, where there is no browser,
// the first command saying exactly how to get one, exit 2, no runtime started, no stack trace.
// test/package-install.test.ts runs the same from an installed tarball.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { locateBrowser } from '../contract/browserLocator.js';
import { canHideBrowsers, withoutBrowsers } from './harness/hiddenBrowsers.js';
import { CLI, hasBrowser, PACKAGE_ROOT, TabwrightHome } from './harness/tabwrightCli.js';

const VERSION = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;
let home: TabwrightHome;

before(() => { home = new TabwrightHome({ prefix: 'tw-setup-' }); });
after(async () => { await home?.dispose(); });

test('tabwright --version prints the package version', async () => {
  const result = await home.run(['--version']);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, `${VERSION}\n`);
});

test('install-browser finds the browser the runtime launches, with its version, and installs nothing more', { skip: !hasBrowser() && 'no browser on this machine' }, async () => {
  const result = await home.run(['install-browser'], { env: { TABWRIGHT_BROWSER: '' } });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const full = locateBrowser(undefined).path;
  assert.equal(result.json.browser.path, full);
  assert.equal(result.json.browser.source, 'found');
  assert.match(result.json.browser.version, /\d+\.\d+\.\d+/);
  const shell = locateBrowser(undefined, { headless: true }).path;
  assert.equal(result.json.headlessShell?.path ?? null, shell === full ? null : shell);
  assert.ok(!/apt-get|downloading/.test(result.stderr), result.stderr);
});

test('doctor reports the browser, the shell, the packages, the runtime, the state folder and Node', { skip: !hasBrowser() && 'no browser on this machine' }, async () => {
  const before = await home.run(['doctor']);
  assert.equal(before.code, 0, before.stdout + before.stderr);
  assert.deepEqual(before.json.problems, []);
  assert.equal(before.json.version, VERSION);
  assert.equal(before.json.node.version, process.version);
  assert.equal(before.json.runtime.running, false);
  assert.deepEqual(Object.keys(before.json.packages).sort(), ['@playwright/test', 'better-sqlite3', 'playwright-core']);
  assert.ok(Object.values(before.json.packages).every(v => /^\d+\.\d+\.\d+$/.test(String(v))), JSON.stringify(before.json.packages));
  assert.equal(before.json.browser.path, locateBrowser().path);

  const run = await home.compactProgram('doctor', 'r1', "await page.goto('data:text/html,<title>doctor</title>'); return 1;");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const after = await home.run(['doctor']);
  assert.equal(after.code, 0, after.stdout + after.stderr);
  assert.equal(after.json.runtime.running, true);
  assert.equal(after.json.runtime.version, VERSION);
  assert.equal(after.json.home.path, home.home);
  assert.ok(after.json.home.bytes > 0, JSON.stringify(after.json.home));
});

test('a TABWRIGHT_BROWSER that is not there: run exits 2 saying so and how to get one, and starts nothing', async () => {
  const missing = new TabwrightHome({ prefix: 'tw-setup-missing-', start: {}, env: { TABWRIGHT_BROWSER: '/no/such/chrome' } });
  try {
    const run = await missing.compactProgram('t', 'r1', 'return 1;');
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.json.error.name, 'BrowserNotFound');
    assert.match(run.json.error.message, /TABWRIGHT_BROWSER=\/no\/such\/chrome is not an executable file/);
    assert.match(run.json.error.message, /`tabwright install-browser`/);
    assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
    assert.ok(!fs.existsSync(path.join(missing.home, 'runtime.log')), 'no runtime was started');
    const install = await missing.run(['install-browser']);
    assert.equal(install.code, 2, install.stdout + install.stderr);
    assert.equal(install.json.error.name, 'BrowserNotFound');
    const doctor = await missing.run(['doctor']);
    assert.equal(doctor.code, 1, doctor.stdout);
    assert.match(doctor.json.problems.join('\n'), /\/no\/such\/chrome/);
  } finally {
    await missing.dispose();
  }
});

test('no browser on the machine: the first run says to run `tabwright install-browser`, exits 2, and doctor names the problem',
  { skip: !canHideBrowsers && 'needs root and unshare, to hide this machine\'s browsers in a mount namespace' }, async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-no-browser-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: empty, PLAYWRIGHT_BROWSERS_PATH: empty, TABWRIGHT_HOME: path.join(empty, 'home') };
    delete env['TABWRIGHT_BROWSER'];
    try {
      const run = await withoutBrowsers(process.execPath, [CLI, 'run', '--task', 't', '--request-id', 'r1', '--wait', '60'], { env, input: 'return 1;' });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(run.json.error.name, 'BrowserNotFound');
      assert.match(run.json.error.message, /^No Chrome or Chromium found \(looked at \/usr\/bin\/chromium, /);
      assert.match(run.json.error.message, /Run `tabwright install-browser`: it finds one, else installs Debian's chromium with apt-get \(as root\), else downloads Playwright's Chromium/);
      assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
      assert.ok(!fs.existsSync(path.join(empty, 'home', 'runtime.log')), 'no runtime was started');
      const doctor = await withoutBrowsers(process.execPath, [CLI, 'doctor'], { env });
      assert.equal(doctor.code, 1, doctor.stdout + doctor.stderr);
      assert.equal(doctor.json.browser, null);
      assert.equal(doctor.json.headlessShell, null);
      assert.match(doctor.json.problems[0], /tabwright install-browser/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
