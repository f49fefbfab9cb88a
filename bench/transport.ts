// The WebSocket transport beside the pipe. Two runtimes on the same machine: one launches its
// Chromium over the pipe (the default), the other is started with `--connect` to a Chromium
// this bench starts with --remote-debugging-port (the stand-in for a remote browser; the link
// is loopback, so this measures the transport, not a network). Measured in one run, in
// alternating blocks so both sides see the same machine load:
//   1. the router's overhead: the mixed actions of bench/router.ts through each runtime's task
//      endpoint, and the same actions on a direct connectOverCDP to the WebSocket browser;
//   2. one flow end to end: `tabwright run` of a small form program through the CLI.
// Prints medians; timing targets live here, never in tests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { TabwrightHome } from '../test/harness/tabwrightCli.js';
import { CHROMIUM_SWITCHES } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { median } from './median.js';
import { markdownTable } from './markdownTable.js';
import { isMainModule } from './mainModule.js';
import { action, KINDS, PAGE, type Kind } from './benchActions.js';

const ACTIONS = 200;
const BLOCK = 20;
const FLOWS = 9;
/** A Chromium with remote debugging on a port it picks, its own profile; resolves with its HTTP address. */
async function startDebuggingBrowser(profile: string): Promise<{ child: ChildProcess; url: string }> {
  const executable = locateBrowser().path;
  if (!executable) throw new Error('no Chromium found (set TABWRIGHT_BROWSER)');
  const child = spawn(executable, [...CHROMIUM_SWITCHES, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--headless', '--no-sandbox', 'about:blank'],
    { stdio: 'ignore', detached: true });
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { child, url: `http://127.0.0.1:${port}` };
    } catch { /* not yet */ }
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error('the debugging browser did not write DevToolsActivePort');
}

export async function runTransportBench(): Promise<Record<string, number>> {
  const server = await FixtureServer.start();
  server.page('/bench', PAGE);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-bench-ws-browser-'));
  const pipeHome = new TabwrightHome({ prefix: 'tw-bench-pipe-', start: {} });
  const wsHome = new TabwrightHome({ prefix: 'tw-bench-ws-', start: {} });
  const browsers: Browser[] = [];
  let debugging: ChildProcess | undefined;
  try {
    const started = await startDebuggingBrowser(profile);
    debugging = started.child;
    for (const [home, args] of [[pipeHome, []], [wsHome, ['--connect', started.url]]] as const) {
      const start = await home.run(['runtime', 'start', ...args], { timeoutMs: 120_000 });
      if (start.code !== 0) throw new Error(`runtime start failed: ${start.stdout}${start.stderr}`);
    }
    const endpoint = async (home: TabwrightHome) => (await home.run(['endpoint', '--task', 'bench'])).json.endpoint as string;
    const version = await (await fetch(`${started.url}/json/version`)).json() as { webSocketDebuggerUrl: string };
    const sides = {
      'pipe + router': await chromium.connectOverCDP(await endpoint(pipeHome)),
      'WebSocket + router': await chromium.connectOverCDP(await endpoint(wsHome)),
      'WebSocket direct': await chromium.connectOverCDP(version.webSocketDebuggerUrl),
    };
    browsers.push(...Object.values(sides));
    // The direct page first: Playwright opens it as a tab in the browser's last active window,
    // and a tab opened in front of a task's page hides it (no frames: ~2 s a click, see
    // docs/scaling.md). Each task page then gets a window of its own from the router.
    const pages = new Map<string, Page>();
    for (const name of ['WebSocket direct', 'pipe + router', 'WebSocket + router'] as const) {
      const browser = sides[name];
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(server.url('/bench'));
      for (let i = 0; i < 20; i++) await action(page, KINDS[i % KINDS.length]!, i); // warm-up
      pages.set(name, page);
    }

    const samples = new Map<string, Map<Kind, number[]>>([...pages.keys()].map(name => [name, new Map(KINDS.map(k => [k, []]))]));
    for (let start = 0; start < ACTIONS; start += BLOCK) {
      for (const [name, page] of pages) {
        for (let i = start; i < start + BLOCK; i++) {
          const kind = KINDS[i % KINDS.length]!;
          const t0 = performance.now();
          await action(page, kind, i);
          samples.get(name)!.get(kind)!.push(performance.now() - t0);
        }
      }
    }

    // One flow through the CLI, as an agent runs it: a process, a program, a receipt.
    const flow = `await page.goto(${JSON.stringify(server.url('/bench'))});
      await page.getByLabel('Name').fill('Ada');
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.locator('#count')).toHaveText('1');
      return page.title();`;
    const flows = { pipe: [] as number[], WebSocket: [] as number[] };
    for (let i = 0; i < FLOWS + 1; i++) {
      for (const [name, home] of [['pipe', pipeHome], ['WebSocket', wsHome]] as const) {
        const t0 = performance.now();
        const run = await home.run(['run', '--task', 'flow', '--request-id', `f${i}`, '--wait', '120'], { input: flow });
        const took = performance.now() - t0;
        if (run.json?.status !== 'succeeded') throw new Error(`${name} flow ${i} did not succeed: ${run.stdout}`);
        if (i > 0) flows[name].push(took); // the first warms the task's worker
      }
    }

    const all = (name: string) => KINDS.flatMap(k => samples.get(name)!.get(k)!);
    const names = [...pages.keys()];
    const rows = [...KINDS.map(kind => [kind, ...names.map(n => median(samples.get(n)!.get(kind)!).toFixed(2))]),
      ['all', ...names.map(n => median(all(n)).toFixed(2))]];
    process.stdout.write(`\nPer action (medians in ms, ${ACTIONS} actions per side, alternating blocks of ${BLOCK})\n`
      + `${markdownTable(['action', ...names], rows)}\n`);
    process.stdout.write(`\nOne flow through the CLI (goto, fill, click, expect; median of ${FLOWS} warm runs, alternating)\n`
      + `${markdownTable(['transport', 'median ms'], [['pipe', median(flows.pipe).toFixed(0)], ['WebSocket', median(flows.WebSocket).toFixed(0)]])}\n`);
    const result: Record<string, number> = {
      pipeRouterMs: median(all('pipe + router')),
      wsRouterMs: median(all('WebSocket + router')),
      wsDirectMs: median(all('WebSocket direct')),
      flowPipeMs: median(flows.pipe),
      flowWsMs: median(flows.WebSocket),
    };
    result.wsOverPipe = result.wsRouterMs! / result.pipeRouterMs!;
    result.routerOverDirectWs = result.wsRouterMs! / result.wsDirectMs!;
    return result;
  } finally {
    for (const browser of browsers) await browser.close().catch(() => {});
    await pipeHome.dispose();
    await wsHome.dispose();
    if (debugging?.pid && debugging.exitCode === null) {
      try { process.kill(-debugging.pid, 'SIGKILL'); } catch { /* gone */ }
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    await server.close();
  }
}

if (isMainModule(import.meta.url)) {
  runTransportBench().then(
    result => { process.stdout.write(`${JSON.stringify(result)}\n`); },
    error => { process.stderr.write(`${error instanceof Error ? error.stack : error}\n`); process.exit(1); },
  );
}
