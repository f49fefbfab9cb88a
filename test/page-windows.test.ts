// The proof that lets a program skip bringing its page to front (runtime/browser/pageWindows.ts): a tab
// counts as alone in its window only when Chrome said so for every tab, and a tab that is not
// alone may be hidden. Against the real browsers a headless runtime launches: Chromium's headless
// shell gives every tab a window of its own; the full Chromium, headless, puts a tab opened
// without newWindow in the last active window, where it hides the tab that was in front.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserProcess } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { PageWindows } from '../runtime/browser/pageWindows.js';
import { recordingLog } from './harness/recordingLog.js';

const shell = locateBrowser(undefined, { headless: true }).path;
const full = locateBrowser().path;

async function withBrowser(executablePath: string, body: (browser: BrowserProcess, windows: PageWindows) => Promise<void>): Promise<void> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-page-windows-'));
  const browser = await BrowserProcess.launch({ executablePath, profileDir, headless: true, log: recordingLog().log });
  const windows = new PageWindows(browser.connection);
  try {
    await browser.connection.send('Target.setDiscoverTargets', { discover: true, filter: [{ type: 'page' }] });
    await body(browser, windows);
  } finally {
    windows.dispose();
    await browser.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

async function visibility(browser: BrowserProcess, targetId: string): Promise<unknown> {
  const { sessionId } = await browser.connection.send('Target.attachToTarget', { targetId, flatten: true });
  const { result } = await browser.connection.send('Runtime.evaluate', { expression: 'document.visibilityState' }, sessionId);
  return result.value;
}

const open = async (browser: BrowserProcess, newWindow: boolean) =>
  (await browser.connection.send('Target.createTarget', { url: 'about:blank', ...(newWindow ? { newWindow } : {}) })).targetId;

test('a tab is alone in its window only once Chrome said where every tab is', async () => {
  await withBrowser(shell ?? full!, async (browser, windows) => {
    const created = browser.connection.send('Target.createTarget', { url: 'about:blank', newWindow: true });
    // The event comes before the reply: the question is asked, not yet answered.
    const { targetId } = await created;
    assert.equal(windows.alone(targetId), false, 'alone before its window is known');
    await windows.answered();
    assert.equal(windows.alone(targetId), true, 'a tab with a window of its own is alone');
    assert.equal(await visibility(browser, targetId), 'visible');
    assert.equal(windows.alone('no-such-target'), false);
  });
});

test('the full Chromium headless: a tab opened into the window of another hides it, and neither is alone', { skip: full === undefined || full === shell ? 'no full Chromium here' : false }, async () => {
  await withBrowser(full!, async (browser, windows) => {
    const front = await open(browser, true);
    await windows.answered();
    assert.equal(windows.alone(front), true);
    assert.equal(await visibility(browser, front), 'visible');
    const over = await open(browser, false);
    await windows.answered();
    // The proof's premise: this is how a tab ends up hidden, and it is seen.
    assert.equal(await visibility(browser, front), 'hidden', 'the tab opened over it hides it');
    assert.equal(windows.alone(front), false, 'a tab sharing its window with another must be brought to front');
    assert.equal(windows.alone(over), false);
    // Closed again, the first is alone once more.
    await browser.connection.send('Target.closeTarget', { targetId: over });
    await windows.answered();
    await new Promise<void>(resolve => {
      const check = (): void => { if (windows.alone(front)) { browser.connection.off('event', check); resolve(); } };
      browser.connection.on('event', check);
      check();
    });
    assert.equal(windows.alone(front), true);
  });
});
