// tabwright's isolated world (runtime/worker/read/isolatedWorld.ts): once a page's session is
// attached, a call's first command (the world's lookup) goes out in the caller's own turn, so
// observe() can have the site tools' lookup reach the renderer ahead of its snapshot. The
// browser is faked here: what is checked is when the worker sends, not what Chrome does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { IsolatedWorlds } from '../runtime/worker/read/isolatedWorld.js';

function fakeBrowser() {
  const sent: string[] = [];
  let attaches = 0;
  const session = {
    send: async (method: string) => {
      sent.push(method);
      if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'main' } } };
      if (method === 'Page.createIsolatedWorld') return { executionContextId: 7 };
      return { result: { value: 'listed' } };
    },
  };
  const context = { newCDPSession: async () => { attaches++; return session as unknown as CDPSession; } };
  return { sent, attaches: () => attaches, context: context as unknown as BrowserContext };
}

describe('tabwright\'s isolated world', () => {
  it('sends a call\'s first command at once when the page\'s session is attached', async () => {
    const browser = fakeBrowser();
    const worlds = new IsolatedWorlds(browser.context);
    const page = {} as Page;
    assert.equal(await worlds.call(page, '() => 1', null), 'listed');
    assert.deepEqual(browser.sent, ['Page.getFrameTree', 'Page.createIsolatedWorld', 'Runtime.callFunctionOn']);
    browser.sent.length = 0;
    const second = worlds.call(page, '() => 2', null);
    // Before any await of the caller: the world's lookup has been sent.
    assert.deepEqual(browser.sent, ['Page.createIsolatedWorld']);
    assert.equal(await second, 'listed');
    assert.deepEqual(browser.sent, ['Page.createIsolatedWorld', 'Runtime.callFunctionOn']);
    assert.equal(browser.attaches(), 1, 'one session a page');
  });

  it('attaches again after a failed attach', async () => {
    let fail = true;
    const browser = fakeBrowser();
    const context = { newCDPSession: async (page: Page) => { if (fail) throw new Error('Target closed'); return browser.context.newCDPSession(page); } };
    const worlds = new IsolatedWorlds(context as unknown as BrowserContext);
    const page = {} as Page;
    await assert.rejects(worlds.call(page, '() => 1', null), /Target closed/);
    fail = false;
    assert.equal(await worlds.call(page, '() => 1', null), 'listed');
  });
});
