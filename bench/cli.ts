// `npm run bench:cli`: what one `tabwright run` costs an agent. The median wall time of
// `tabwright run` for `return 1` on a warm runtime, as an install runs it (bin/tabwright.js
// executed: the native client where it was built) and as `node bin/tabwright.js` (the Node
// CLI), beside the median of `node -e 0` measured in the same run (interleaved, so all three
// see the same machine load); the cold start: from
// `tabwright run` of a program with one goto on a stopped runtime to its receipt (and
// agent-browser's cold `open` of the same page in the same run, when
// TABWRIGHT_BENCH_AGENT_BROWSER names its binary); and a new task's first program against a
// warm one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeConditions, machineConditions } from './machineConditions.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median, ms, percentile } from './median.js';
import { BenchHome, finalReceipt } from './timedCli.js';
import { PACKAGE_ROOT } from '../test/harness/tabwrightCli.js';
import { waitUntilQuiet } from './processQuiet.js';
import { AgentBrowserCold } from './agentBrowserCold.js';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { locateBrowser } from '../contract/browserLocator.js';

export interface CliBenchResult {
  runs: number;
  /** As installed: the native client where built (`client`), else the Node CLI. */
  warmRunMs: number[];
  client: 'native' | 'node';
  /** The Node CLI (`node bin/tabwright.js`). */
  warmNodeCliMs: number[];
  nodeMs: number[];
  medianRunMs: number;
  medianNodeCliMs: number;
  medianNodeMs: number;
  ratio: number;
  nodeCliRatio: number;
  /** Cold starts (one goto), the first in a fresh TABWRIGHT_HOME (profile created), the others after `runtime stop`. */
  coldMs: number[];
  coldReceiptDurationMs: number[];
  /** agent-browser's cold `open` of the same page, interleaved with the cold starts above (when configured). */
  agentBrowserColdMs: number[];
  /** First `run` of `return 1` in a new task, and a warm `run` of `return 1` just before it, each on a quiet runtime. */
  newTaskMs: number[];
  newTaskWarmMs: number[];
  /** median(newTaskMs) - median(newTaskWarmMs). */
  newTaskOverWarmMs: number;
  targets: { ratio: number; nodeCliRatio: number; coldMs: number; newTaskOverWarmMs: number };
  /** The browser each side launched: the runtime's choice when headless, and agent-browser's (the full Chromium, as its own install would). */
  browsers: { tabwright?: string; agentBrowser?: string };
  conditions: string;
}

export interface CliBenchOptions { runs?: number; colds?: number; newTasks?: number; log?: (line: string) => void }

function timeNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end();
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function waitForExit(pid: number | undefined, timeoutMs: number): Promise<void> {
  if (!pid) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise(r => setTimeout(r, 50));
  }
}

export async function runCliBench(options: CliBenchOptions = {}): Promise<CliBenchResult> {
  const runs = options.runs ?? 30;
  const colds = options.colds ?? 3;
  const newTasks = options.newTasks ?? 7;
  const log = options.log ?? (() => undefined);
  const before = machineConditions();
  const server = await FixtureServer.start();
  server.page('/start', '<!doctype html><title>start</title><h1>Start</h1><button>Go</button>');
  const goto = `await page.goto(${JSON.stringify(server.url('/start'))}); return 1;`;
  // agent-browser gets the full Chromium (its own install downloads a full Chrome); the runtime
  // picks its own (contract/browserLocator.ts: the headless shell where installed).
  const browserPath = locateBrowser().path;
  const runtimeBrowser = locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path;
  const agentBrowser = browserPath ? AgentBrowserCold.fromEnvironment(browserPath) : undefined;
  const home = new BenchHome('cli');
  const coldMs: number[] = [];
  const coldReceiptDurationMs: number[] = [];
  const agentBrowserColdMs: number[] = [];
  const warmRunMs: number[] = [];
  const warmNodeCliMs: number[] = [];
  const nodeMs: number[] = [];
  const newTaskMs: number[] = [];
  const newTaskWarmMs: number[] = [];
  try {
    for (let i = 0; i < colds; i++) {
      if (i > 0) {
        const pid = home.runtimePid();
        await home.run(['runtime', 'stop'], { timeoutMs: 30_000 });
        await waitForExit(pid, 15_000);
      }
      if (agentBrowser) {
        const abMs = await agentBrowser.coldOpen(server.url('/start'));
        agentBrowserColdMs.push(abMs);
        log(`agent-browser cold open ${i}: ${ms(abMs)}`);
      }
      const call = await home.submit('bench-cli', `cold-${i}`, goto, [], true);
      const receipt = finalReceipt(call, `cold start ${i}`);
      if (receipt.status !== 'succeeded') throw new Error(`cold start ${i}: ${call.stdout}`);
      coldMs.push(call.wallMs);
      const durationMs = await home.durationMs('bench-cli', `cold-${i}`);
      coldReceiptDurationMs.push(durationMs);
      log(`cold start ${i}: ${ms(call.wallMs)} (receipt durationMs ${durationMs})`);
    }
    for (let i = 0; i < 3; i++) finalReceipt(await home.submit('bench-cli', `warmup-${i}`, 'return 1'), 'warm-up');
    for (let i = 0; i < runs; i++) {
      nodeMs.push(await timeNode());
      const call = await home.submit('bench-cli', `warm-${i}`, 'return 1', [], true);
      const receipt = finalReceipt(call, `warm run ${i}`);
      if (receipt.status !== 'succeeded' || receipt.result !== 1) throw new Error(`warm run ${i}: ${call.stdout}`);
      warmRunMs.push(call.wallMs);
      const viaNode = await home.submit('bench-cli', `warm-node-${i}`, 'return 1');
      if (finalReceipt(viaNode, `warm run ${i} (Node CLI)`).result !== 1) throw new Error(`warm run ${i} (Node CLI): ${viaNode.stdout}`);
      warmNodeCliMs.push(viaNode.wallMs);
    }
    // Each call on a quiet runtime: what follows a new task's first program (the next spare
    // worker and window, bench/processQuiet.ts) belongs to no call an agent makes at once.
    for (let i = 0; i < newTasks; i++) {
      await waitUntilQuiet(home.runtimePid());
      const warm = await home.submit('bench-cli', `before-new-${i}`, 'return 1');
      finalReceipt(warm, `warm run before new task ${i}`);
      newTaskWarmMs.push(warm.wallMs);
      await waitUntilQuiet(home.runtimePid());
      const fresh = await home.submit(`bench-new-${i}`, 'first', 'return 1');
      const receipt = finalReceipt(fresh, `new task ${i}`);
      if (receipt.status !== 'succeeded') throw new Error(`new task ${i}: ${fresh.stdout}`);
      newTaskMs.push(fresh.wallMs);
      log(`new task ${i}: ${ms(fresh.wallMs)} (warm ${ms(warm.wallMs)})`);
      // Closed, so the tasks never reach the active limit (a full runtime keeps no spare).
      await home.run(['close', '--task', `bench-new-${i}`], { timeoutMs: 30_000 });
    }
  } finally {
    await home.dispose();
    agentBrowser?.dispose();
    await server.close();
  }
  const medianRunMs = median(warmRunMs);
  const medianNodeCliMs = median(warmNodeCliMs);
  const medianNodeMs = median(nodeMs);
  const client = fs.existsSync(path.join(PACKAGE_ROOT, 'dist', 'client', 'tabwright')) ? 'native' : 'node';
  return {
    runs, warmRunMs, client, warmNodeCliMs, nodeMs, medianRunMs, medianNodeCliMs, medianNodeMs,
    ratio: medianRunMs / medianNodeMs, nodeCliRatio: medianNodeCliMs / medianNodeMs, coldMs, coldReceiptDurationMs, agentBrowserColdMs,
    newTaskMs, newTaskWarmMs, newTaskOverWarmMs: median(newTaskMs) - median(newTaskWarmMs),
    targets: { ratio: 0.5, nodeCliRatio: 2.0, coldMs: 2000, newTaskOverWarmMs: 300 },
    browsers: { ...(runtimeBrowser ? { tabwright: runtimeBrowser } : {}), ...(agentBrowser && browserPath ? { agentBrowser: browserPath } : {}) },
    conditions: describeConditions(before, machineConditions()),
  };
}

export function cliMarkdown(r: CliBenchResult): string {
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const abMedian = r.agentBrowserColdMs.length ? median(r.agentBrowserColdMs) : undefined;
  const rows = [
    [`tabwright run, return 1, warm runtime, as installed (${r.client === 'native' ? 'native client' : 'Node CLI: no native client built'}; median of ${r.runs})`, ms(r.medianRunMs), `p90 ${ms(percentile(r.warmRunMs, 90))}`, ''],
    [`node bin/tabwright.js run, the same, the Node CLI (median of ${r.runs})`, ms(r.medianNodeCliMs), `p90 ${ms(percentile(r.warmNodeCliMs, 90))}`, ''],
    [`node -e 0, same run, interleaved (median of ${r.runs})`, ms(r.medianNodeMs), `p90 ${ms(percentile(r.nodeMs, 90))}`, ''],
    ['ratio run as installed / node', r.ratio.toFixed(2), `target <= ${r.targets.ratio.toFixed(1)}`, mark(r.ratio <= r.targets.ratio)],
    ['ratio Node CLI run / node', r.nodeCliRatio.toFixed(2), `target <= ${r.targets.nodeCliRatio.toFixed(1)}`, mark(r.nodeCliRatio <= r.targets.nodeCliRatio)],
    ...r.coldMs.map((c, i) => [
      `cold start ${i} (${i === 0 ? 'fresh home, new profile' : 'after runtime stop'}), one goto, to receipt`, ms(c),
      `receipt durationMs ${r.coldReceiptDurationMs[i]}`, `target < ${r.targets.coldMs} ms: ${mark(c < r.targets.coldMs)}`,
    ]),
    ...(abMedian !== undefined ? [
      [`agent-browser cold open of the same page, interleaved (median of ${r.agentBrowserColdMs.length})`, ms(abMedian), r.agentBrowserColdMs.map(ms).join(', '), ''],
      ['cold start median / agent-browser\'s', (median(r.coldMs) / abMedian).toFixed(2), 'target <= 1.00', mark(median(r.coldMs) <= abMedian)],
    ] : []),
    [`first program of a new task, return 1 (median of ${r.newTaskMs.length})`, ms(median(r.newTaskMs)), `warm run before each: median ${ms(median(r.newTaskWarmMs))}`, ''],
    ['new task over warm', ms(r.newTaskOverWarmMs), `target <= ${r.targets.newTaskOverWarmMs} ms`, mark(r.newTaskOverWarmMs <= r.targets.newTaskOverWarmMs)],
  ];
  return `${markdownTable(['measure', 'value', 'detail', 'target'], rows)}\n\nWall time of the whole CLI process (spawn to exit); cold starts run as installed. `
    + `New-task rows: each call waits until the runtime and its browser are idle (bench/processQuiet.ts). `
    + `Browsers: tabwright ${r.browsers.tabwright ?? 'n/a'}${r.browsers.agentBrowser ? `, agent-browser ${r.browsers.agentBrowser}` : ''}. ${r.conditions}.`;
}

if (isMainModule(import.meta.url)) {
  const result = await runCliBench({ log: line => process.stderr.write(`${line}\n`) });
  console.log(cliMarkdown(result));
}
