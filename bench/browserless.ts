// `npm run bench:browserless`: tabwright on a real browser service on this machine (issue 39).
// One Browserless 2.42.0 with CONCURRENT 8 (scripts/browserlessEngine.ts), and 1, 2 and 4
// runtimes of 8 tasks each, every task running the controlled flows (bench/controlledFlows.ts:
// the moved button, the duplicate label, the overlay, the delayed save, in turn) as fast as its
// receipts come back. Three shapes side by side in one run, so their ratios share the machine's
// load: each runtime launching its own Chromium (the baseline), each runtime on one Browserless
// browser (`--connect`), and a Browserless browser per task (`--browser-service`).
// Measured: programs per minute, p50/p95 receipt time (the client's, submit to final receipt),
// the first program of each task apart, receipts the service refused (BrowserServiceBusy), the
// peak memory of the runtimes (RSS) and of the service (PSS of Browserless and its Chromiums) or
// of the launched Chromiums, and, one task at a time, what a new task's first program costs in
// each shape. Programs go to the runtime's API over its socket (bench/tasks.ts does the same):
// the runtime's cost, not a CLI process per call.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Receipt } from '../contract/receipt.js';
import type { StartSettings } from '../contract/startSettings.js';
import { BrowserlessEngine, installBrowserless } from '../scripts/browserlessEngine.js';
import { startControlledServer } from './controlledPages.js';
import { flowNumber, type FlowTiming } from './controlledFlows.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median, percentile } from './median.js';
import { processTable, processTree } from './processTree.js';
import { apiRequest } from './runtimeApi.js';
import { BenchHome } from './timedCli.js';

export type Shape = 'launched' | 'connect' | 'service';
const SHAPE_NAMES: Record<Shape, string> = {
  launched: 'launched (a Chromium per runtime)',
  connect: 'one Browserless browser per runtime (--connect)',
  service: 'a Browserless browser per task (--browser-service)',
};

export interface LoadResult {
  shape: Shape;
  runtimes: number;
  tasks: number;
  /** Final receipts, whatever their status (a covered overlay or a failed save is `failed` by design). */
  receipts: number;
  /** Programs the service refused (BrowserServiceBusy): nothing ran. */
  refused: number;
  /** Receipts that are neither the flows' own outcomes nor refusals (should be 0). */
  unexpected: string[];
  wallMs: number;
  perMinute: number;
  p50Ms: number;
  p95Ms: number;
  /** The first program of each task (its worker, and in --browser-service its browser), among the load. */
  firstP50Ms: number;
  /** Every program after each task's first: the steady state. */
  laterP50Ms: number;
  laterP95Ms: number;
  /** Peak RSS of the runtime processes together (MiB). */
  runtimesMiB: number;
  /** Peak PSS (MiB) of the browsers: Browserless and its Chromiums, or the launched Chromiums. */
  browsersMiB: number;
  /** Most browsers the service ran at once (/pressure). */
  serviceRunning: number;
  load: [number, number];
}

export interface FirstProgram { shape: Shape; samples: number[]; warm: number[] }

export interface BrowserlessBenchResult {
  concurrent: number;
  programsPerTask: number;
  first: FirstProgram[];
  loads: LoadResult[];
  /** The service alone, before any runtime connected (MiB, PSS). */
  idleServiceMiB: number;
  conditions: string;
}

export interface BrowserlessBenchOptions {
  programsPerTask?: number;
  runtimes?: number[];
  shapes?: Shape[];
  /** New tasks measured one at a time, per shape. */
  firstSamples?: number;
  log?: (line: string) => void;
}

const TIMING: FlowTiming = { clickTimeoutMs: 500, saveDeadlineMs: 700 };

/** A `NAME:  N kB` line of a /proc file of a process, in MiB; 0 when the process is gone. */
function procMiB(pid: number, file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** PSS: the process's share of the pages it shares with others (a Chromium's processes share most). */
const pssMiB = (pid: number) => procMiB(pid, 'smaps_rollup', 'Pss');
const rssMiB = (pid: number) => procMiB(pid, 'status', 'VmRSS');

function treePss(root: number, table = processTable()): number {
  return processTree(root, table).reduce((sum, pid) => sum + pssMiB(pid), 0);
}

/** A runtime in a home of its own, started in the shape asked for. */
async function startRuntime(name: string, settings: StartSettings): Promise<BenchHome> {
  const home = new BenchHome(name);
  const start = await home.run(['runtime', 'start', ...flagsOf(settings)], { timeoutMs: 120_000 });
  if (start.code !== 0) throw new Error(`runtime start (${name}): ${start.stdout} ${start.stderr}`);
  return home;
}

function flagsOf(settings: StartSettings): string[] {
  return settings.connect ? ['--connect', settings.connect] : settings.browserService ? ['--browser-service', settings.browserService] : [];
}

function settingsFor(shape: Shape, url: string): StartSettings {
  return shape === 'connect' ? { connect: url } : shape === 'service' ? { browserService: url } : {};
}

/** One program through the API; resolves with its receipt and the client's wall time. */
async function timedProgram(home: BenchHome, task: string, requestId: string, program: string): Promise<{ receipt: Receipt; ms: number }> {
  const started = performance.now();
  const { status, json } = await apiRequest(home.home, 'POST', `/v1/tasks/${task}/programs?wait=300`, { requestId, program }, 330_000);
  const receipt = json.receipt as Receipt | undefined;
  if (!receipt || (status !== 200 && status !== 201)) throw new Error(`${task}/${requestId}: HTTP ${status} ${JSON.stringify(json).slice(0, 500)}`);
  return { receipt, ms: performance.now() - started };
}

/** What the flows' own outcomes are: a covered overlay times out, a failed save fails its expect, a duplicate label is refused. */
function expectedFailure(receipt: Receipt): boolean {
  const name = receipt.error?.name ?? '';
  return receipt.status === 'failed' && (name === 'TimeoutError' || name === 'Error' || /expect|strict mode/i.test(`${name} ${receipt.error?.message ?? ''}`));
}

async function runLoad(shape: Shape, runtimes: number, perTask: number, engine: BrowserlessEngine, origin: string, log: (line: string) => void): Promise<LoadResult> {
  const load0 = os.loadavg()[0];
  const homes: BenchHome[] = [];
  try {
    for (let r = 0; r < runtimes; r++) homes.push(await startRuntime(`bl-${shape}-${r}`, settingsFor(shape, engine.url)));
    const pids = homes.map(home => home.runtimePid()).filter((pid): pid is number => pid !== undefined);
    let runtimesPeak = 0;
    let browsersPeak = 0;
    let serviceRunning = 0;
    const sample = async () => {
      const table = processTable();
      runtimesPeak = Math.max(runtimesPeak, pids.reduce((sum, pid) => sum + rssMiB(pid), 0));
      // Launched: each runtime's Chromium is its child; otherwise the service's tree.
      const browsers = shape === 'launched'
        ? pids.reduce((sum, pid) => sum + processTree(pid, table).slice(1).reduce((s, child) => s + pssMiB(child), 0), 0)
        : treePss(engine.pid, table);
      browsersPeak = Math.max(browsersPeak, browsers);
      if (shape !== 'launched') serviceRunning = Math.max(serviceRunning, (await engine.pressure().catch(() => undefined))?.running ?? 0);
    };
    const sampler = setInterval(() => void sample(), 2_000);
    const latencies: number[] = [];
    const firsts: number[] = [];
    const laters: number[] = [];
    const unexpected: string[] = [];
    let receipts = 0;
    let refused = 0;
    const started = performance.now();
    try {
      await Promise.all(homes.flatMap((home, r) => Array.from({ length: 8 }, async (_, t) => {
        const task = `load-${r}-${t}`;
        for (let n = 0; n < perTask; n++) {
          const { receipt, ms } = await timedProgram(home, task, `p-${n}`, flowNumber(origin, n + t, TIMING));
          receipts++;
          if (receipt.error?.name === 'BrowserServiceBusy') {
            // The pool is full: this task gets no browser until one goes back (a task idle for
            // TABWRIGHT_IDLE_MINUTES, 10 by default), so it stops here, as an agent would wait.
            refused++;
            return;
          }
          latencies.push(ms);
          (n === 0 ? firsts : laters).push(ms);
          if (receipt.status !== 'succeeded' && !expectedFailure(receipt)) unexpected.push(`${task}/p-${n}: ${receipt.status} ${receipt.error?.name}: ${receipt.error?.message?.split('\n')[0]}`);
        }
      })));
      await sample();
    } finally {
      clearInterval(sampler);
    }
    const wallMs = performance.now() - started;
    const ran = latencies.length;
    const result: LoadResult = {
      shape, runtimes, tasks: 8 * runtimes, receipts, refused, unexpected, wallMs, perMinute: ran / (wallMs / 60_000),
      p50Ms: median(latencies), p95Ms: percentile(latencies, 95), firstP50Ms: median(firsts), laterP50Ms: median(laters), laterP95Ms: percentile(laters, 95),
      runtimesMiB: runtimesPeak, browsersMiB: browsersPeak, serviceRunning, load: [load0, os.loadavg()[0]],
    };
    log(`${shape} x${runtimes}: ${ran} programs in ${(wallMs / 1000).toFixed(1)} s (${result.perMinute.toFixed(0)}/min), p50 ${result.p50Ms.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms, refused ${refused}, runtimes ${runtimesPeak.toFixed(0)} MiB, browsers ${browsersPeak.toFixed(0)} MiB`);
    return result;
  } finally {
    for (const home of homes) await home.dispose();
  }
}

/** New tasks one at a time in each shape, interleaved: the first program (a goto and a read) and a second one in the same task. */
async function firstPrograms(engine: BrowserlessEngine, origin: string, shapes: Shape[], samples: number, log: (line: string) => void): Promise<FirstProgram[]> {
  const homes = new Map<Shape, BenchHome>();
  const results = new Map<Shape, FirstProgram>(shapes.map(shape => [shape, { shape, samples: [], warm: [] }]));
  try {
    for (const shape of shapes) {
      const home = await startRuntime(`bl-first-${shape}`, settingsFor(shape, engine.url));
      homes.set(shape, home);
      // The runtime's own start (and a launched browser's) is not what is measured: one task first.
      await timedProgram(home, 'warm-up', 'w', 'return 1');
    }
    const program = `await page.goto(${JSON.stringify(`${origin}/moved?case=unchanged&pair=0`)}); return await page.title();`;
    for (let i = 0; i < samples; i++) {
      for (const shape of i % 2 === 0 ? shapes : [...shapes].reverse()) {
        const home = homes.get(shape)!;
        const first = await timedProgram(home, `first-${i}`, 'a', program);
        const warm = await timedProgram(home, `first-${i}`, 'b', program);
        if (first.receipt.status !== 'succeeded') throw new Error(`${shape} first-${i}: ${JSON.stringify(first.receipt.error)}`);
        results.get(shape)!.samples.push(first.ms);
        results.get(shape)!.warm.push(warm.ms);
        // Closed, so a --browser-service task gives its browser back and the next sample starts alike.
        await apiRequest(home.home, 'POST', `/v1/tasks/first-${i}/close`);
      }
    }
  } finally {
    for (const home of homes.values()) await home.dispose();
  }
  for (const result of results.values()) log(`first program, ${result.shape}: median ${median(result.samples).toFixed(0)} ms (warm ${median(result.warm).toFixed(0)} ms)`);
  return [...results.values()];
}

export async function runBrowserlessBench(options: BrowserlessBenchOptions = {}): Promise<BrowserlessBenchResult> {
  const log = options.log ?? (() => undefined);
  const perTask = options.programsPerTask ?? 12;
  const shapes = options.shapes ?? ['launched', 'connect', 'service'];
  const installed = await installBrowserless({ log });
  if (!installed.ok) throw new Error(`Browserless cannot be installed here: ${installed.reason}`);
  const concurrent = 8;
  const engine = await BrowserlessEngine.start(installed.install, { concurrent, queued: 0 });
  const server = await startControlledServer();
  const load0 = os.loadavg()[0];
  try {
    const idleServiceMiB = treePss(engine.pid);
    const first = await firstPrograms(engine, server.origin, shapes, options.firstSamples ?? 5, log);
    const loads: LoadResult[] = [];
    for (const runtimes of options.runtimes ?? [1, 2, 4])
      for (const shape of shapes) loads.push(await runLoad(shape, runtimes, perTask, engine, server.origin, log));
    return {
      concurrent, programsPerTask: perTask, first, loads, idleServiceMiB,
      conditions: `${os.cpus().length} CPUs, load average (1 min) ${load0.toFixed(1)} at start and ${os.loadavg()[0].toFixed(1)} at end, node ${process.version}, Browserless 2.42.0 on Node 24 with CONCURRENT ${concurrent} and QUEUED 0`,
    };
  } finally {
    await server.close();
    await engine.stop();
  }
}

export function browserlessMarkdown(r: BrowserlessBenchResult): string {
  const mib = (x: number) => `${x.toFixed(0)} MiB`;
  const msCell = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
  const base = new Map(r.loads.filter(l => l.shape === 'launched').map(l => [l.runtimes, l]));
  const firstLaunched = median(r.first.find(f => f.shape === 'launched')?.samples ?? []);
  return [
    markdownTable(['shape', 'runtimes x tasks', 'programs/min (x launched)', 'receipt p50', 'receipt p95', 'first program p50', 'later programs p50 / p95', 'refused (429)', 'runtimes RSS', 'browsers PSS', 'service browsers at once', 'load at start / end'],
      r.loads.map(l => {
        const launched = base.get(l.runtimes);
        const ratio = launched && l.shape !== 'launched' ? ` (${(l.perMinute / launched.perMinute).toFixed(2)}x)` : '';
        return [SHAPE_NAMES[l.shape], `${l.runtimes} x 8`, `${l.perMinute.toFixed(0)}${ratio}`, msCell(l.p50Ms), msCell(l.p95Ms), msCell(l.firstP50Ms), `${msCell(l.laterP50Ms)} / ${msCell(l.laterP95Ms)}`,
          l.refused ? `${l.refused} of ${l.tasks} tasks` : '0', mib(l.runtimesMiB), mib(l.browsersMiB), l.shape === 'launched' ? '-' : String(l.serviceRunning),
          `${l.load[0].toFixed(1)} / ${l.load[1].toFixed(1)}`];
      })),
    '',
    markdownTable(['a new task\'s first program, one at a time', 'median', 'samples', 'x launched', 'second program, same task (median)'],
      r.first.map(f => [SHAPE_NAMES[f.shape], msCell(median(f.samples)), f.samples.map(x => x.toFixed(0)).join(', '), (median(f.samples) / firstLaunched).toFixed(2), msCell(median(f.warm))])),
    '',
    `Each task runs ${r.programsPerTask} programs, the four controlled flows in turn (a covered overlay and a failed save end \`failed\` by design; they count as receipts). `
      + `Receipt time is the client's: submit to final receipt through the runtime's API socket. Memory is the peak of samples every 2 s: the runtimes' RSS summed; the browsers' PSS summed (Browserless's Node and every Chromium it ran, or each runtime's launched Chromium). `
      + `The service alone, before any runtime: ${mib(r.idleServiceMiB)}. ${r.conditions}.`,
    ...(r.loads.some(l => l.unexpected.length) ? ['', 'Unexpected receipts:', ...r.loads.flatMap(l => l.unexpected.slice(0, 5).map(u => `- ${l.shape} x${l.runtimes}: ${u}`))] : []),
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  const number = (name: string) => Number(process.argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3)) || undefined;
  const list = (name: string) => process.argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',');
  const programsPerTask = number('programs');
  const firstSamples = number('first');
  const runtimes = list('runtimes')?.map(Number);
  const shapes = list('shapes') as Shape[] | undefined;
  const result = await runBrowserlessBench({
    log: line => process.stderr.write(`${line}\n`),
    ...(programsPerTask ? { programsPerTask } : {}), ...(firstSamples ? { firstSamples } : {}),
    ...(runtimes ? { runtimes } : {}), ...(shapes ? { shapes } : {}),
  });
  console.log(browserlessMarkdown(result));
}
