// Puppeteer through `tabwright endpoint` (it reaches pages through tab targets, notes §9),
// and downloads through the router (notes §12 case 12): the file reaches the task's
// Playwright, and task B sees no download event.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser as PwBrowser } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { CONNECTED_MATRIX } from './harness/standInBrowser.js';
import { RawCdpClient } from './harness/rawCdpClient.js';

const runtime = new RouterRuntime();
let server: FixtureServer;
let watcherB: RawCdpClient;
let browserB: PwBrowser;

describe('Puppeteer and downloads through the router', { timeout: 600_000 }, () => {
  before(async () => {
    server = await FixtureServer.start();
    server.page('/p', '<title>puppet</title><button onclick="this.textContent = \'clicked\'">go</button>');
    server.page('/opener', '<title>opener</title><a id="pop" target="_blank" href="/p">pop</a>');
    server.page('/files', '<title>files</title><a id="get" href="/file.txt">get</a>');
    server.route('/file.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="report.txt"' }).end('the report');
    });
    server.page('/b', '<title>B</title>');
    await runtime.start();
    browserB = await chromium.connectOverCDP(await runtime.endpoint('B'));
    await (await browserB.contexts()[0].newPage()).goto(server.url('/b'));
    watcherB = await runtime.watch('B');
  });

  after(async () => {
    await browserB?.close().catch(() => {});
    await runtime.dispose();
    await server?.close();
  });

  it('puppeteer.connect drives the task\'s pages and sees no other task\'s', async () => {
    const endpoint = (await runtime.home.run(['endpoint', '--task', 'P'])).json.endpoint as string;
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null });
    assert.equal((await browser.pages()).length, 0, 'a new task has no pages, B\'s are not shown');
    const page = await browser.newPage();
    await page.goto(server.url('/p'));
    assert.equal(await page.title(), 'puppet');
    await page.click('button');
    assert.equal(await page.$eval('button', b => b.textContent), 'clicked');
    await page.goto(server.url('/opener'));
    const popup = new Promise<unknown>(resolve => page.once('popup', resolve));
    await page.click('#pop');
    assert.ok(await popup, 'popup fired');
    const urls = (await browser.pages()).map(p => p.url()).sort();
    assert.deepEqual(urls, [server.url('/opener'), server.url('/p')]);
    assert.ok(!browser.targets().some(t => t.url() === server.url('/b')));
    await page.close();
    await browser.disconnect();
    // A second connection finds what the first left open; its browser.close() sends Browser.close.
    const again = await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null });
    assert.deepEqual((await again.pages()).map(p => p.url()), [server.url('/p')]);
    await again.close();
    assert.equal(await browserB.contexts()[0].pages()[0].title(), 'B', 'the browser survived Browser.close');
  });

  it('a download a client saves under the page\'s name never replaces a file there: the next gets a numbered name', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-dl-named-'));
    fs.writeFileSync(path.join(folder, 'report.txt'), 'the user\'s own report');
    // A raw client of the task asks for downloads as `allow`: saved under the suggested name.
    const raw = await RawCdpClient.connect(await runtime.endpoint('N'));
    await raw.call('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true });
    const browser = await chromium.connectOverCDP(await runtime.endpoint('N'));
    try {
      const page = await browser.contexts()[0].newPage();
      await page.goto(server.url('/files'));
      const completed = () => raw.events.filter(e => e.method === 'Browser.downloadProgress' && e.params.state === 'completed');
      for (const expected of ['report (1).txt', 'report (2).txt']) {
        const count = completed().length;
        await Promise.all([page.waitForEvent('download'), page.click('#get')]);
        const done = await raw.waitForEvent(e => e.method === 'Browser.downloadProgress' && e.params.state === 'completed' && completed().indexOf(e) >= count, 600_000);
        assert.equal(done.params.filePath, path.join(folder, expected));
        assert.equal(fs.readFileSync(path.join(folder, expected), 'utf8'), 'the report');
      }
      assert.equal(fs.readFileSync(path.join(folder, 'report.txt'), 'utf8'), 'the user\'s own report', 'the file already there was replaced');
      assert.deepEqual(fs.readdirSync(folder).sort(), ['report (1).txt', 'report (2).txt', 'report.txt']);
    } finally {
      raw.close();
      await browser.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a download reaches the task\'s Playwright; B gets no download event', async () => {
    const browser = await chromium.connectOverCDP(await runtime.endpoint('A'));
    try {
      const page = await browser.contexts()[0].newPage();
      await page.goto(server.url('/files'));
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#get')]);
      assert.equal(download.suggestedFilename(), 'report.txt');
      const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-dl-')), 'report.txt');
      await download.saveAs(saved);
      assert.equal(fs.readFileSync(saved, 'utf8'), 'the report');
      assert.equal(fs.readFileSync((await download.path())!, 'utf8'), 'the report');
      assert.equal(await download.failure(), null);
      const kept = fs.readdirSync(path.join(runtime.home.home, 'downloads'));
      // The runtime's browser saves into the runtime's folder; a connected browser's own context
      // keeps its download folder (router/downloadRelay.ts), so nothing lands in the runtime's.
      if (CONNECTED_MATRIX) assert.deepEqual(kept, [], 'the user\'s download settings were left alone');
      else assert.ok(kept.length >= 1, 'the runtime keeps its copy');
      assert.ok(!watcherB.events.some(e => e.method.startsWith('Browser.download')), 'B saw no download');
    } finally {
      await browser.close();
    }
  });
});
