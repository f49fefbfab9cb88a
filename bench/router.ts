// The router's cost: 300 mixed Playwright actions (click, fill, evaluate, locator reads) on
// one page through a task's router endpoint, and the same actions in the same run through a
// direct connection to a separately launched Chromium with Playwright's own switches. Prints
// the medians and their ratio (target: router/direct <= 1.10), and the time to connect a new
// task (connectOverCDP on a fresh task's endpoint to a first usable page; target < 500 ms).
import { chromium, type Browser, type Page } from 'playwright-core';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { TabwrightHome } from '../test/harness/tabwrightCli.js';
import { median } from './median.js';
import { markdownTable } from './markdownTable.js';
import { isMainModule } from './mainModule.js';
import { action, KINDS, PAGE, type Kind } from './benchActions.js';

const ACTIONS = 300;
const BLOCK = 25;
/** Runs one block of actions and records each duration by kind. */
async function block(page: Page, start: number, samples: Map<Kind, number[]>, all: number[]): Promise<void> {
  for (let i = start; i < start + BLOCK; i++) {
    const kind = KINDS[i % KINDS.length];
    const t0 = performance.now();
    await action(page, kind, i);
    const took = performance.now() - t0;
    samples.get(kind)!.push(took);
    all.push(took);
  }
}

function emptySamples(): Map<Kind, number[]> {
  return new Map(KINDS.map(k => [k, []]));
}

export async function runRouterBench(): Promise<Record<string, number>> {
  const server = await FixtureServer.start();
  server.page('/bench', PAGE);
  const home = new TabwrightHome('tw-bench-router-');
  let direct: Browser | undefined;
  let routed: Browser | undefined;
  try {
    const started = await home.run(['runtime', 'start']);
    if (started.code !== 0) throw new Error(`runtime start failed: ${started.stdout}${started.stderr}`);
    const endpoint = async (task: string) => (await home.run(['endpoint', '--task', task])).json.endpoint as string;

    routed = await chromium.connectOverCDP(await endpoint('bench'));
    const routedPage = await routed.contexts()[0].newPage();
    direct = await chromium.launch({
      executablePath: process.env.TABWRIGHT_BROWSER ?? '/usr/bin/chromium',
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    const directPage = await (await direct.newContext({ viewport: null })).newPage();
    for (const page of [routedPage, directPage]) {
      await page.goto(server.url('/bench'));
      for (let i = 0; i < 20; i++) await action(page, KINDS[i % KINDS.length], i); // warm-up
    }

    // Alternate blocks so both sides see the same machine load over the run.
    const routerSamples = emptySamples();
    const directSamples = emptySamples();
    const routerAll: number[] = [];
    const directAll: number[] = [];
    for (let start = 0; start < ACTIONS; start += BLOCK) {
      await block(routedPage, start, routerSamples, routerAll);
      await block(directPage, start, directSamples, directAll);
    }

    // A new task: its endpoint connected, a page opened and answering.
    const connects: number[] = [];
    for (let i = 0; i < 5; i++) {
      const url = await endpoint(`bench-connect-${i}`);
      const t0 = performance.now();
      const browser = await chromium.connectOverCDP(url);
      const page = await browser.contexts()[0].newPage();
      await page.evaluate(() => 1);
      connects.push(performance.now() - t0);
      await page.close();
      await browser.close();
    }

    const result: Record<string, number> = {
      actions: routerAll.length,
      routerMedianMs: median(routerAll),
      directMedianMs: median(directAll),
      ratio: median(routerAll) / median(directAll),
      connectNewTaskMs: median(connects),
    };
    for (const kind of KINDS) {
      const key = kind.replace(' ', '');
      result[`${key}RouterMs`] = median(routerSamples.get(kind)!);
      result[`${key}DirectMs`] = median(directSamples.get(kind)!);
    }
    const rows = KINDS.map(kind => {
      const r = median(routerSamples.get(kind)!);
      const d = median(directSamples.get(kind)!);
      return [kind, routerSamples.get(kind)!.length, r.toFixed(2), d.toFixed(2), (r / d).toFixed(3)];
    });
    rows.push(['all', routerAll.length, result.routerMedianMs.toFixed(2), result.directMedianMs.toFixed(2), result.ratio.toFixed(3)]);
    process.stdout.write(`\nRouter overhead (medians in ms, target ratio <= 1.10)\n${markdownTable(['action', 'n', 'router', 'direct', 'router/direct'], rows)}\n`);
    process.stdout.write(`\nConnect a new task (connectOverCDP + first usable page, median of 5): ${result.connectNewTaskMs.toFixed(1)} ms (target < 500 ms)\n`);
    return result;
  } finally {
    await routed?.close().catch(() => {});
    await direct?.close().catch(() => {});
    await home.dispose();
    await server.close();
  }
}

if (isMainModule(import.meta.url)) {
  runRouterBench().then(
    result => { process.stdout.write(`${JSON.stringify(result)}\n`); },
    error => { process.stderr.write(`${error instanceof Error ? error.stack : error}\n`); process.exit(1); },
  );
}
