// Which browser binary the runtime starts (contract/browserLocator.ts): a known launcher
// script is passed over for the binary it would exec, which spares a cold start the script.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateBrowser, pastLauncher } from '../contract/browserLocator.js';

function executable(file: string, text: string): string {
  fs.writeFileSync(file, text, { mode: 0o755 });
  return file;
}

describe('browser locator', () => {
  it('takes the binary a known launcher execs, and the launcher when that binary is missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-locator-'));
    try {
      const launcher = executable(path.join(dir, 'chromium'), '#!/bin/sh\nexec "$0.bin" "$@"\n');
      const binary = executable(path.join(dir, 'chromium.bin'), '#!/bin/sh\n');
      const missing = path.join(dir, 'absent');
      assert.equal(pastLauncher(launcher, { [launcher]: binary }), binary);
      assert.equal(pastLauncher(launcher, { [launcher]: missing }), launcher);
      assert.equal(pastLauncher(binary, { [launcher]: binary }), binary, 'a path that is no launcher stays');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a browser named by TABWRIGHT_BROWSER as it is, launcher or not', () => {
    assert.equal(locateBrowser(process.execPath).path, process.execPath);
    assert.equal(locateBrowser('/no/such/browser').invalidExplicit, '/no/such/browser');
  });

  it("on Debian, finds /usr/lib/chromium/chromium rather than the /usr/bin/chromium script", { skip: !fs.existsSync('/usr/bin/chromium') || !fs.existsSync('/usr/lib/chromium/chromium') || Boolean(process.env.TABWRIGHT_BROWSER) }, () => {
    assert.equal(locateBrowser(undefined).path, '/usr/lib/chromium/chromium');
  });

  const shell = '/usr/lib/chromium/chromium-headless-shell';
  it('headless, takes Chromium\'s headless shell where installed; headed, or named by TABWRIGHT_BROWSER, never', { skip: !fs.existsSync(shell) || Boolean(process.env.TABWRIGHT_BROWSER) }, () => {
    assert.equal(locateBrowser(undefined, { headless: true }).path, shell);
    assert.notEqual(locateBrowser(undefined, { headless: false }).path, shell);
    assert.notEqual(locateBrowser(undefined).path, shell);
    assert.equal(locateBrowser(process.execPath, { headless: true }).path, process.execPath);
  });
});
