// Every reliance on Playwright's internals (runtime/worker/playwrightInternals/README.md), checked
// on the installed Playwright and a live page, so that an upgrade that changes one fails here,
// by name, instead of quietly losing a receipt field. The timing patch has its own file
// (unit-playwright-timing), as has the one-byte loading's template-literal check (unit-one-byte-source).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { hasBrowser, runtimeLog, TabwrightHome, testTimeout } from './harness/tabwrightCli.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { locatorPrototype, wrapLocatorMethods, wrapPrototypeMethods } from '../runtime/worker/playwrightInternals/locatorPrototype.js';
import { playwrightObjectKind } from '../runtime/worker/playwrightInternals/playwrightObjects.js';
import { playwrightBundles } from '../runtime/worker/playwrightInternals/oneByteSource.js';
import { POINTER_ACTIONS } from '../runtime/worker/playwrightInternals/coveredTarget.js';
import { DEVICE_ACTIONS, INPUT_ACTIONS, VALUE_ACTIONS } from '../runtime/worker/effects/actionWindows.js';
import { WAITING_CALLS } from '../runtime/worker/diagnosis/failureDiagnosis.js';
import { guardPageActions } from '../runtime/worker/playwrightInternals/inputGuard.js';
import { asRuntime, watchPageCode } from '../runtime/worker/effects/pageCodeCalls.js';

const require = createRequire(import.meta.url);
const VERSION = (require('playwright-core/package.json') as { version: string }).version;
const skip = hasBrowser() ? false : 'no browser on this machine';
let browser: Browser | undefined;
let page: Page;

before(async () => {
  if (skip) return;
  browser = await chromium.launch({ executablePath: locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path!, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  page = await browser.newPage();
  await page.setContent(`<label>Name <input id="name" value="x"></label><label><input type="checkbox" id="ok"> OK</label>
    <button>Go</button><iframe srcdoc="<button>Inner</button>"></iframe>`);
});

after(async () => {
  await browser?.close();
});

describe(`Playwright ${VERSION}: what the worker relies on`, () => {
  it('Locator prototype (locatorPrototype.ts): every locator a program can make shares one prototype holding each wrapped method', { skip }, async () => {
    const prototype = locatorPrototype(page.locator('button'));
    const made = {
      'page.locator': page.locator('input'), getByRole: page.getByRole('button'), getByLabel: page.getByLabel('Name'), first: page.locator('input').first(),
      filter: page.locator('label').filter({ hasText: 'OK' }), nested: page.locator('label').locator('input'), frameLocator: page.frameLocator('iframe').locator('button'),
      contentFrame: page.locator('iframe').contentFrame().getByRole('button'),
    };
    for (const [how, locator] of Object.entries(made)) assert.equal(Object.getPrototypeOf(locator), prototype, `${how} makes a Locator of another class`);
    const names = [...new Set([...POINTER_ACTIONS, ...INPUT_ACTIONS, ...VALUE_ACTIONS, ...WAITING_CALLS])];
    const absent = names.filter(name => !Object.hasOwn(prototype, name) || typeof prototype[name] !== 'function');
    assert.deepEqual(absent, [], 'methods the worker wraps that the Locator prototype no longer has');
  });

  it('Locator prototype: clear, setChecked and pressSequentially reach the page through fill, check and type on the prototype (actionWindows.ts names them so)', { skip }, async () => {
    const calls: string[] = [];
    const missing = wrapLocatorMethods(page.locator('input'), 'test: calls between methods', ['fill', 'check', 'uncheck', 'type'], (original, name) =>
      function (this: unknown, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this as never, args);
      });
    assert.deepEqual(missing, []);
    await page.locator('#name').clear();
    await page.locator('#ok').setChecked(true);
    await page.locator('#name').pressSequentially('ab');
    assert.deepEqual(calls, ['fill', 'check', 'type']);
  });

  it('Keyboard, Mouse and Touchscreen prototypes (locatorPrototype.ts wrapPrototypeMethods): each page\'s device shares its class\'s prototype holding each wrapped method; dblclick reaches the page through click', { skip }, async () => {
    const other = await browser!.newPage();
    try {
      for (const kind of Object.keys(DEVICE_ACTIONS) as (keyof typeof DEVICE_ACTIONS)[]) {
        const prototype = Object.getPrototypeOf(page[kind]);
        assert.equal(Object.getPrototypeOf(other[kind]), prototype, `page.${kind} of another page has another class`);
        const absent = DEVICE_ACTIONS[kind].filter(name => !Object.hasOwn(prototype, name) || typeof prototype[name] !== 'function');
        assert.deepEqual(absent, [], `methods the worker wraps that page.${kind} no longer has`);
      }
    } finally {
      await other.close();
    }
    const calls: string[] = [];
    const missing = wrapPrototypeMethods(page.mouse, 'test: calls between methods', ['click', 'dblclick'], (original, name) =>
      function (this: typeof page.mouse, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this, args);
      });
    assert.deepEqual(missing, []);
    await page.mouse.dblclick(1, 1);
    assert.deepEqual(calls, ['dblclick', 'click'], 'a dblclick is its own action, the click inside it part of it');
  });

  it('Page prototype (diagnosis/slips/earlyReads.ts): every page shares one prototype holding url, goto, reload, goBack and goForward, looked up there at call time', { skip }, async () => {
    const other = await browser!.newPage();
    try {
      const prototype = Object.getPrototypeOf(page);
      assert.equal(Object.getPrototypeOf(other), prototype, 'another page has another class');
      for (const name of ['url', 'goto', 'reload', 'goBack', 'goForward'])
        assert.ok(Object.hasOwn(prototype, name) && !Object.hasOwn(page, name), `${name} is no longer the Page prototype's own method`);
    } finally {
      await other.close();
    }
  });

  it('private fields (playwrightObjects.ts): Page, Frame, ElementHandle, JSHandle, Locator and FrameLocator are told apart', { skip }, async () => {
    const handle = await page.$('button');
    const jsHandle = await page.evaluateHandle(() => ({ a: 1 }));
    assert.deepEqual(playwrightObjectKind(page), { kind: 'channelOwner', type: 'Page' });
    assert.deepEqual(playwrightObjectKind(page.mainFrame()), { kind: 'channelOwner', type: 'Frame' });
    assert.deepEqual(playwrightObjectKind(handle!), { kind: 'channelOwner', type: 'ElementHandle' });
    assert.deepEqual(playwrightObjectKind(jsHandle), { kind: 'channelOwner', type: 'JSHandle' });
    assert.deepEqual(playwrightObjectKind(page.getByRole('button')), { kind: 'locator' });
    assert.deepEqual(playwrightObjectKind(page.frameLocator('iframe')), { kind: 'frameLocator', selector: 'iframe' });
    assert.equal(playwrightObjectKind({ _type: 'Page' }), undefined, 'a plain object is not taken for one');
  });

  it('client instrumentation (inputGuard.ts): while held, page actions and reads fail by name before anything is sent; waits go on', { skip }, async () => {
    let hold: string | undefined;
    assert.equal(guardPageActions(page.context(), () => hold), true, 'a client object no longer has _instrumentation.addListener');
    await page.evaluate(() => { Object.assign(window, { clicks: 0 }); document.querySelector('button')!.onclick = () => (window as unknown as { clicks: number }).clicks++; });
    const before = await page.locator('#name').inputValue();
    hold = 'a person is working on this page';
    const refused = async (action: Promise<unknown>, what: string) => {
      const error = await action.then(() => undefined, (e: Error) => e);
      assert.equal(error?.name, 'PageHeldByPerson', `${what} was not refused by name: ${error?.message ?? 'it went through'}`);
    };
    await refused(page.getByRole('button', { name: 'Go' }).click(), 'locator.click');
    await refused(page.locator('#name').fill('y'), 'locator.fill');
    await refused(page.mouse.move(5, 5), 'mouse.move');
    await refused(page.keyboard.type('a'), 'keyboard.type');
    await refused(page.goto('about:blank'), 'page.goto');
    await refused(page.locator('#name').inputValue(), 'locator.inputValue');
    await refused(page.evaluate(() => document.title), 'page.evaluate');
    // A locator's evaluate, screenshot and selectText announce only the Frame.waitForSelector that finds their element.
    await refused(page.locator('#name').evaluate(e => (e as HTMLInputElement).value), 'locator.evaluate');
    await refused(page.locator('#name').evaluateHandle(e => e), 'locator.evaluateHandle');
    await refused(page.locator('#name').screenshot(), 'locator.screenshot');
    await refused(page.locator('#name').selectText(), 'locator.selectText');
    assert.equal(await page.getByRole('button', { name: 'Go' }).isVisible(), true, 'a wait goes on');
    await page.getByRole('button', { name: 'Go' }).waitFor({ state: 'visible' });
    hold = undefined;
    assert.equal(await page.locator('#name').inputValue(), before, 'fill changed nothing');
    await page.getByRole('button', { name: 'Go' }).click();
    assert.equal(await page.evaluate(() => (window as unknown as { clicks: number }).clicks), 1, 'only the click after the hold reached the page');
  });

  it('client instrumentation (pageCodeCalls.ts): each call announces the public call the program made (the zone\'s apiName), page code by its name, Playwright\'s own reads and the runtime\'s calls not', { skip }, async () => {
    const own = await browser!.newPage();
    const seen: string[] = [];
    assert.equal(watchPageCode(own.context(), { record: cause => seen.push(cause.text) }), true, 'a client object no longer has _instrumentation.addListener');
    await own.setContent('<button>Go</button><p>a</p><p>b</p><iframe srcdoc="<b>x</b>"></iframe>');
    const calls: [string, () => Promise<unknown>][] = [
      ['page.evaluate', () => own.evaluate(() => 1)], ['page.evaluateHandle', () => own.evaluateHandle(() => 1)],
      ['page.$eval', () => own.$eval('button', b => b.id)], ['page.$$eval', () => own.$$eval('p', ps => ps.length)],
      ['page.addScriptTag', () => own.addScriptTag({ content: '0' })], ['page.addInitScript', () => own.addInitScript(() => {})],
      ['page.dispatchEvent', () => own.dispatchEvent('button', 'focus')], ['page.waitForFunction', () => own.waitForFunction(() => true)],
      ['frame.evaluate', () => own.frames()[1]!.evaluate(() => 1)], ['frame.$eval', () => own.mainFrame().$eval('button', b => b.id)],
      ['locator.evaluate', () => own.locator('button').evaluate(b => b.id)], ['locator.evaluateAll', () => own.locator('p').evaluateAll(ps => ps.length)],
      ['locator.evaluateHandle', () => own.locator('button').evaluateHandle(b => b)],
      ['handle.evaluate', async () => (await own.$('button'))!.evaluate(b => b.id)], ['handle.$eval', async () => (await own.$('body'))!.$eval('button', b => b.id)],
      ['handle.$$eval', async () => (await own.$('body'))!.$$eval('p', ps => ps.length)], ['handle.dispatchEvent', async () => (await own.$('button'))!.dispatchEvent('focus')],
      ['handle.evaluate', async () => (await own.evaluateHandle(() => ({ a: 1 }))).evaluate(o => o.a)],
      ['context.addInitScript', () => own.context().addInitScript(() => {})],
    ];
    const missed: string[] = [];
    for (const [label, call] of calls) {
      seen.length = 0;
      await call();
      if (!seen.includes(`${label} (page code ran)`)) missed.push(`${label}: ${JSON.stringify(seen)}`);
    }
    assert.deepEqual(missed, [], 'page code the program ran, not named as it wrote it');
    seen.length = 0;
    await own.locator('p').allTextContents();
    await own.locator('p').allInnerTexts();
    await own.locator('button').dispatchEvent('focus');
    await own.locator('button').textContent();
    await own.locator('body').ariaSnapshot();
    await own.getByRole('button').click();
    await asRuntime(() => own.locator('button').evaluate(b => b.id));
    await asRuntime(async () => { await Promise.resolve(); return own.evaluate(() => 1); });
    assert.deepEqual(seen, [], 'Playwright\'s own reads and actions, and the runtime\'s calls, are not the program\'s page code');
    const failed = await own.evaluate(() => { throw new Error('boom'); }).then(() => undefined, (e: Error) => e);
    assert.match(failed?.message ?? '', /^page\.evaluate: /, 'a failed call is named as the program wrote it');
    await own.close();
  });

  it('bundles (oneByteSource.ts): require(\'playwright-core\') loads both bundles through require.extensions[\'.js\']', async () => {
    const bundles = playwrightBundles(require);
    const moduleUrl = new URL('../runtime/worker/playwrightInternals/oneByteSource.js', import.meta.url).href;
    const code = `
      const { parentPort } = require('node:worker_threads');
      const { createRequire } = require('node:module');
      import(${JSON.stringify(moduleUrl)}).then(({ loadOneByte }) => {
        const req = createRequire(${JSON.stringify(import.meta.url)});
        const seen = [];
        loadOneByte(req.extensions, ${JSON.stringify([bundles.core, bundles.utils])}, (filename, text) => { seen.push(filename); return text; });
        req('playwright-core').chromium.name();
        parentPort.postMessage(seen);
      });`;
    const worker = new Worker(code, { eval: true });
    const seen = await new Promise<string[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.deepEqual(seen.sort(), [bundles.core, bundles.utils].sort(), 'each bundle passed through the hook once');
  });

  it('code cache (codeCache.ts): require(\'@playwright/test\') loads the files playwrightTestScripts names through require.extensions[\'.js\']', async () => {
    const moduleUrl = new URL('../runtime/worker/playwrightInternals/codeCache.js', import.meta.url).href;
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-code-cache-'));
    const code = `
      const { parentPort } = require('node:worker_threads');
      const { createRequire } = require('node:module');
      import(${JSON.stringify(moduleUrl)}).then(({ CodeCache, playwrightTestScripts }) => {
        const req = createRequire(${JSON.stringify(import.meta.url)});
        const cache = CodeCache.forWorker({ XDG_CACHE_HOME: ${JSON.stringify(cacheHome)} }, '');
        const files = playwrightTestScripts(req);
        cache.loadThrough(req.extensions, files);
        req('@playwright/test').expect(1).toBe(1);
        parentPort.postMessage({ files: files.length, compiled: cache.outcomes.map(o => o.script) });
      });`;
    const worker = new Worker(code, { eval: true });
    const seen = await new Promise<{ files: number; compiled: string[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    fs.rmSync(cacheHome, { recursive: true, force: true });
    assert.equal(seen.files, 3, 'playwrightTestScripts finds lib/matchers/expect.js, lib/common/index.js, lib/index.js in playwright');
    assert.deepEqual(seen.compiled.sort(), ['playwright+lib+common+index.js', 'playwright+lib+index.js', 'playwright+lib+matchers+expect.js']);
  });

  it('code cache (codeCache.ts), end to end: the first runtime\'s worker makes the caches, a second runtime (a new home) compiles Playwright from them', { skip, timeout: testTimeout(6) }, async () => {
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-code-cache-'));
    /** What the home's task workers said of their code caches (runtime.log). */
    type Outcome = { script: string; cache: string; written?: string; text?: string };
    const workerCaches = (home: TabwrightHome) => fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8').split('\n')
      .filter(line => line.includes('"codeCache"'))
      .flatMap(line => (JSON.parse(line) as { codeCache: Outcome[] }).codeCache);
    const rounds: Outcome[][] = [];
    for (const round of [1, 2]) {
      const home = new TabwrightHome({ env: { XDG_CACHE_HOME: cacheHome }, prefix: 'tw-code-cache-home-' });
      try {
        // expect too: it loads on first use (expectOnDemand.ts), and its files are cached then.
        const result = await home.program('t', `r${round}`, 'await expect(page).toHaveURL(/about:blank/); return 1;');
        assert.equal(result.code, 0, `${result.stderr}\n${runtimeLog(home)}`);
        await home.run(['runtime', 'stop']);
        rounds.push(workerCaches(home));
      } finally {
        await home.dispose();
      }
    }
    const [first, second] = rounds;
    const scripts = ['playwright-core+lib+coreBundle.js', 'playwright-core+lib+utilsBundle.js', 'playwright+lib+matchers+expect.js'];
    // playwright-core's bundles are prepared texts (preparedText.ts): made by the first, read by the second.
    const prepared = (script: string) => script.startsWith('playwright-core+');
    for (const script of scripts) {
      assert.deepEqual(first!.find(o => o.script === script), { script, cache: 'missing', written: 'written', ...(prepared(script) ? { text: 'made' } : {}) }, JSON.stringify(first));
      const seconds = second!.filter(o => o.script === script);
      assert.ok(seconds.length > 0 && seconds.every(o => o.cache === 'accepted' && !o.written && o.text === (prepared(script) ? 'read' : undefined)), JSON.stringify(second));
    }
    const files = fs.readdirSync(path.join(cacheHome, 'tabwright', 'v8'));
    assert.ok(scripts.every(script => files.some(file => file.startsWith(`${script}-`))), files.join(', '));
    assert.ok(scripts.filter(prepared).every(script => files.some(file => file.startsWith(`text+${script}-`))), files.join(', '));
    fs.rmSync(cacheHome, { recursive: true, force: true });
  });
});
