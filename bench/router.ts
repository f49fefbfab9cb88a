// The router's cost, on both paths a task's CDP takes through it:
//  - WebSocket: a client on the task's endpoint (`tabwright endpoint`): this process's
//    Playwright -> ws -> the runtime's main thread -> pipe -> Chromium;
//  - port: the task's own program, in its worker: Playwright -> MessagePort -> the runtime's
//    main thread -> pipe -> Chromium. Timed inside the program (performance.now()), so the CLI
//    and the receipt are not counted: only what each action costs a program.
// Each is compared, in the same run and in alternating blocks, with the same actions through a
// direct connection to a separately launched Chromium with Playwright's own switches (in this
// process). 300 mixed actions (click, fill, evaluate, locator read) on one page, and a loop of
// navigations of its own (goto to the same page, to its load event): mixed in, each would hand
// the next action a just-loaded document. Targets: click and navigation <= 1.10, the others
// <= 1.25. Also the time to connect a new task (connectOverCDP on a fresh task's endpoint to a
// first usable page; target < 500 ms).
// `--floor` adds a third side to each table: the same Playwright through a relay that does
// nothing to a Chromium of its own, a process between (bench/relayFloor.ts) for the WebSocket,
// two thread hops in the runtime's process shape (bench/portFloor.ts) for the port, so what is
// left is the router's.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { TabwrightHome } from '../test/harness/tabwrightCli.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { median } from './median.js';
import { markdownTable } from './markdownTable.js';
import { isMainModule } from './mainModule.js';
import { action, KINDS, PAGE, type Kind } from './benchActions.js';
import { startPortFloor, type PortFloor } from './portFloor.js';
import { threadCpuMs } from './processTree.js';
import { LOCK_FILE, parseLock } from '../contract/runtimeLockFile.js';

const ACTIONS = 300;
const BLOCK = 25;
const NAVIGATIONS = 40;
const NAVIGATION_BLOCK = 5;
const NAVIGATION = 'navigation';
/** A row of the tables: an action kind, or the navigation loop. */
type Row = Kind | typeof NAVIGATION;
const ROWS: readonly Row[] = [...KINDS, NAVIGATION];
const TARGETS: Readonly<Record<Row, number>> = { click: 1.10, [NAVIGATION]: 1.10, fill: 1.25, evaluate: 1.25, 'locator read': 1.25 };

type Samples = Map<Row, number[]>;

function emptySamples(): Samples {
  return new Map(ROWS.map(row => [row, []]));
}

/** Runs one block of mixed actions in this process and records each duration by kind. */
async function block(page: Page, start: number, samples: Samples): Promise<void> {
  for (let i = start; i < start + BLOCK; i++) {
    const kind = KINDS[i % KINDS.length];
    const t0 = performance.now();
    await action(page, kind, i);
    samples.get(kind)!.push(performance.now() - t0);
  }
}

async function navigations(page: Page, url: string, samples: Samples): Promise<void> {
  for (let i = 0; i < NAVIGATION_BLOCK; i++) {
    const t0 = performance.now();
    await page.goto(url);
    samples.get(NAVIGATION)!.push(performance.now() - t0);
  }
}

/**
 * The same blocks as a program of the task's own (its `page`), timed inside it: the program
 * carries benchActions' own `action` as its text, so both sides run the very same calls.
 */
function programBlock(start: number): string {
  return `const action = ${action.toString()};
const kinds = ${JSON.stringify(KINDS)};
const took = [];
for (let i = ${start}; i < ${start + BLOCK}; i++) {
  const t0 = performance.now();
  await action(page, kinds[i % kinds.length], i);
  took.push(performance.now() - t0);
}
return took;`;
}

function programNavigations(url: string): string {
  return `const took = [];
for (let i = 0; i < ${NAVIGATION_BLOCK}; i++) {
  const t0 = performance.now();
  await page.goto(${JSON.stringify(url)});
  took.push(performance.now() - t0);
}
return took;`;
}

/** One path's rows: medians, their ratio and the target (and the no-op relay's, with --floor). */
function table(title: string, routed: Samples, direct: Samples, floor?: Samples): string {
  const all = (samples: Samples) => KINDS.flatMap(kind => samples.get(kind)!);
  const line = (name: string, pick: (samples: Samples) => number[], target: string) => {
    const r = median(pick(routed));
    const d = median(pick(direct));
    const cells = [name, pick(routed).length, r.toFixed(2), d.toFixed(2), (r / d).toFixed(3), target];
    if (floor) cells.push(median(pick(floor)).toFixed(2), (median(pick(floor)) / d).toFixed(3));
    return cells;
  };
  const rows = ROWS.map(row => line(row, samples => samples.get(row)!, `<= ${TARGETS[row].toFixed(2)}`));
  rows.push(line('all actions', all, ''));
  const head = ['action', 'n', 'router', 'direct', 'router/direct', 'target', ...(floor ? ['no-op relay', 'relay/direct'] : [])];
  return `\n${title}\n${markdownTable(head, rows)}\n`;
}

/** The no-op relay (bench/relayFloor.ts) in a process of its own, and its URL. */
async function startFloor(executablePath: string): Promise<{ child: ChildProcess; url: string }> {
  const script = fileURLToPath(new URL('./relayFloor.js', import.meta.url));
  const child = spawn(process.execPath, [script, executablePath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', code => reject(new Error(`the no-op relay exited (code ${code}) before it listened`)));
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return { child, url };
}

/** A row's key in the result: `locatorread`, or `portLocatorread` with the prefix `port`. */
function keyOf(prefix: string, row: Row): string {
  return prefix + (prefix ? row.charAt(0).toUpperCase() + row.slice(1) : row).replace(' ', '');
}

/** Each row's medians under `<key><Side>Ms`, one per side given (Router, Direct, Floor). */
function record(result: Record<string, number>, prefix: string, sides: Record<string, Samples>): void {
  for (const row of ROWS) for (const [side, samples] of Object.entries(sides)) result[`${keyOf(prefix, row)}${side}Ms`] = median(samples.get(row)!);
}

export interface RouterBenchOptions {
  floor?: boolean;
  /** Where the tables go (stdout by default): bench/all.ts keeps them in its results file. */
  report?: (markdown: string) => void;
}

export async function runRouterBench(options: RouterBenchOptions = {}): Promise<Record<string, number>> {
  // The binary the runtime launches (the headless shell where installed), so the two sides
  // differ only by the router.
  const executablePath = locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path;
  if (!executablePath) throw new Error('no browser found: run npm run setup or set TABWRIGHT_BROWSER');
  const server = await FixtureServer.start();
  server.page('/bench', PAGE);
  const url = server.url('/bench');
  const home = new TabwrightHome('tw-bench-router-');
  let direct: Browser | undefined;
  let routed: Browser | undefined;
  let floorBrowser: Browser | undefined;
  let floorChild: ChildProcess | undefined;
  let portFloor: PortFloor | undefined;
  try {
    const started = await home.run(['runtime', 'start']);
    if (started.code !== 0) throw new Error(`runtime start failed: ${started.stdout}${started.stderr}`);
    const runtimePid = parseLock(fs.readFileSync(path.join(home.home, LOCK_FILE), 'utf8')).pid;
    const endpoint = async (task: string) => (await home.run(['endpoint', '--task', task])).json.endpoint as string;
    let programs = 0;
    /** Runs a program of the task 'bench-port' and returns its result. */
    const program = async (source: string): Promise<unknown> => {
      const run = await home.run(['run', '--task', 'bench-port', '--request-id', `p${programs++}`, '--wait', '240'], { input: source });
      if (run.json?.status !== 'succeeded') throw new Error(`program ${programs} did not succeed: ${run.stdout}${run.stderr}`);
      return run.json.result;
    };

    routed = await chromium.connectOverCDP(await endpoint('bench'));
    const routedPage = await routed.contexts()[0].newPage();
    direct = await chromium.launch({
      executablePath,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    const directPage = await (await direct.newContext({ viewport: null })).newPage();
    let floorPage: Page | undefined;
    if (options.floor) {
      const floor = await startFloor(executablePath);
      floorChild = floor.child;
      floorBrowser = await chromium.connectOverCDP(floor.url);
      floorPage = await floorBrowser.contexts()[0].newPage();
      portFloor = await startPortFloor(executablePath, url);
      await portFloor.run(programBlock(0)); // warm-up
    }
    for (const page of [routedPage, directPage, ...(floorPage ? [floorPage] : [])]) {
      await page.goto(url);
      for (let i = 0; i < 20; i++) await action(page, KINDS[i % KINDS.length], i); // warm-up
    }
    await program(`await page.goto(${JSON.stringify(url)});\n${programBlock(0)}`); // warm-up

    // Alternate blocks so both sides see the same machine load over the run.
    const wsRouter = emptySamples();
    const wsDirect = emptySamples();
    const portRouter = emptySamples();
    const portDirect = emptySamples();
    const wsFloor = emptySamples();
    const portFloorSamples = emptySamples();
    // The runtime main thread's CPU: the router's own cost, which load changes less than wall time.
    const cpu = { ws: 0, port: 0 };
    for (let start = 0; start < ACTIONS; start += BLOCK) {
      let cpu0 = threadCpuMs(runtimePid);
      await block(routedPage, start, wsRouter);
      cpu.ws += threadCpuMs(runtimePid) - cpu0;
      await block(directPage, start, wsDirect);
      if (floorPage) await block(floorPage, start, wsFloor);
      // The whole program's main-thread time: its run and receipt as well as its actions.
      cpu0 = threadCpuMs(runtimePid);
      const took = await program(programBlock(start)) as number[];
      cpu.port += threadCpuMs(runtimePid) - cpu0;
      took.forEach((ms, k) => portRouter.get(KINDS[(start + k) % KINDS.length])!.push(ms));
      if (portFloor) {
        const floorTook = await portFloor.run(programBlock(start)) as number[];
        floorTook.forEach((ms, k) => portFloorSamples.get(KINDS[(start + k) % KINDS.length])!.push(ms));
      }
      await block(directPage, start, portDirect);
    }
    for (let done = 0; done < NAVIGATIONS; done += NAVIGATION_BLOCK) {
      await navigations(routedPage, url, wsRouter);
      await navigations(directPage, url, wsDirect);
      if (floorPage) await navigations(floorPage, url, wsFloor);
      portRouter.get(NAVIGATION)!.push(...await program(programNavigations(url)) as number[]);
      if (portFloor) portFloorSamples.get(NAVIGATION)!.push(...await portFloor.run(programNavigations(url)) as number[]);
      await navigations(directPage, url, portDirect);
    }

    // A new task: its endpoint connected, a page opened and answering.
    const connects: number[] = [];
    for (let i = 0; i < 5; i++) {
      const taskEndpoint = await endpoint(`bench-connect-${i}`);
      const t0 = performance.now();
      const browser = await chromium.connectOverCDP(taskEndpoint);
      const page = await browser.contexts()[0].newPage();
      await page.evaluate(() => 1);
      connects.push(performance.now() - t0);
      await page.close();
      await browser.close();
    }

    const all = (samples: Samples) => KINDS.flatMap(kind => samples.get(kind)!);
    const result: Record<string, number> = {
      actions: all(wsRouter).length,
      routerMedianMs: median(all(wsRouter)),
      directMedianMs: median(all(wsDirect)),
      ratio: median(all(wsRouter)) / median(all(wsDirect)),
      portMedianMs: median(all(portRouter)),
      portDirectMedianMs: median(all(portDirect)),
      portRatio: median(all(portRouter)) / median(all(portDirect)),
      connectNewTaskMs: median(connects),
      runtimeCpuPerActionWsMs: cpu.ws / ACTIONS,
      runtimeCpuPerActionPortMs: cpu.port / ACTIONS,
    };
    record(result, '', { Router: wsRouter, Direct: wsDirect, ...(floorPage ? { Floor: wsFloor } : {}) });
    record(result, 'port', { Router: portRouter, Direct: portDirect, ...(portFloor ? { Floor: portFloorSamples } : {}) });
    const report = [
      table('Router overhead, WebSocket: a client on the task\'s endpoint (medians in ms)', wsRouter, wsDirect, floorPage ? wsFloor : undefined),
      table('Router overhead, port: the task\'s own program, timed inside it (medians in ms)', portRouter, portDirect, portFloor ? portFloorSamples : undefined),
      `\nRuntime main thread CPU per action (user + system, all ${ACTIONS}): WebSocket ${result.runtimeCpuPerActionWsMs.toFixed(3)} ms, port ${result.runtimeCpuPerActionPortMs.toFixed(3)} ms (a program's run and receipt included)\n`,
      `\nConnect a new task (connectOverCDP + first usable page, median of 5): ${result.connectNewTaskMs.toFixed(1)} ms (target < 500 ms)\n`,
    ].join('');
    (options.report ?? (text => process.stdout.write(text)))(report);
    return result;
  } finally {
    await routed?.close().catch(() => {});
    await direct?.close().catch(() => {});
    await floorBrowser?.close().catch(() => {});
    floorChild?.kill();
    await portFloor?.stop();
    await home.dispose();
    await server.close();
  }
}

if (isMainModule(import.meta.url)) {
  runRouterBench({ floor: process.argv.includes('--floor') }).then(
    result => { process.stdout.write(`${JSON.stringify(result)}\n`); },
    error => { process.stderr.write(`${error instanceof Error ? error.stack : error}\n`); process.exit(1); },
  );
}
