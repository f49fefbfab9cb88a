// `npm run bench:tasks`: do tasks really run in parallel? Eight tasks each running 50 short
// programs (a click and a read) concurrently, against one task running 400 sequentially, and
// the runtime's memory (RSS of the service process only, not Chromium) with eight live
// workers. Programs go straight to the runtime's API so the measure is the runtime's, not
// 400 CLI start-ups on two cores (bench/cli.ts measures the CLI's own cost per call).
import fs from 'node:fs';
import { processTable, processTree } from './processTree.js';
import { performance } from 'node:perf_hooks';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import type { Receipt } from '../contract/receipt.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median } from './median.js';
import { apiRequest } from './runtimeApi.js';
import { BenchHome, finalReceipt } from './timedCli.js';

export interface Phase { programs: number; /** Fewer ran when the phase hit its time budget. */ planned: number; wallMs: number; perSecond: number; /** Median receipt durationMs: the program's own time. */ medianProgramMs: number }

export interface TasksBenchResult {
  tasks: number;
  programsPerTask: number;
  sequential: Phase;
  concurrent: Phase;
  ratio: number;
  /** VmRSS of the runtime process (KiB -> MiB) after the concurrent phase, with the workers alive. */
  runtimeRssMiB: number;
  runtimePeakRssMiB: number;
  /** VmRSS (MiB) right after the runtime started (index 0) and after the 1st..nth task's first program. */
  rssByWorkers: number[];
  /** VmHWM: the runtime's high-water mark over its whole life. */
  runtimeHwmMiB: number;
  activeWorkers: number;
  /** Sum of RSS of the runtime's descendants (Chromium), shared pages counted once per process: an upper bound. */
  browserRssSumMiB: number;
  conditions: string;
  targets: { rssMiB: number };
}

export interface TasksBenchOptions {
  tasks?: number;
  programsPerTask?: number;
  /** Each phase stops submitting after this long (default 180 s) and its throughput counts what finished. */
  phaseBudgetMs?: number;
  log?: (line: string) => void;
}

const COUNTER_PAGE = `<!doctype html><title>Counter</title><button>Add</button> <output id="count">0</output>
<script>document.querySelector('button').onclick = () => { const o = document.getElementById('count'); o.textContent = String(Number(o.textContent) + 1); };</script>`;

const PROGRAM = `await page.getByRole('button', { name: 'Add' }).click();
return Number(await page.locator('#count').textContent());`;

function statusField(pid: number, field: string): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) / 1024 : NaN;
}

function descendants(root: number): number[] {
  return processTree(root, processTable()).slice(1);
}

/** Runs up to `count` programs one after another in `task`, stopping at `deadline`; returns each receipt's durationMs. */
async function runSeries(home: string, task: string, count: number, prefix: string, deadline: number): Promise<number[]> {
  let last = -1;
  const durations: number[] = [];
  for (let i = 0; i < count && performance.now() < deadline; i++) {
    const { status, json } = await apiRequest(home, 'POST', `/v1/tasks/${task}/programs?wait=60`, { requestId: `${prefix}-${i}`, program: PROGRAM });
    const receipt = json.receipt as Receipt | undefined;
    if ((status !== 200 && status !== 201) || receipt?.status !== 'succeeded') throw new Error(`${task} ${prefix}-${i}: ${status} ${JSON.stringify(json).slice(0, 1000)}`);
    const value = receipt.result as number;
    if (!(value > last)) throw new Error(`${task} ${prefix}-${i}: counter went from ${last} to ${value}`);
    last = value;
    durations.push(receipt.durationMs ?? NaN);
  }
  return durations;
}

export async function runTasksBench(options: TasksBenchOptions = {}): Promise<TasksBenchResult> {
  const tasks = options.tasks ?? 8;
  const perTask = options.programsPerTask ?? 50;
  const log = options.log ?? (() => undefined);
  const before = machineConditions();
  const home = new BenchHome('tasks');
  const server = (await FixtureServer.start()).page('/counter', COUNTER_PAGE);
  const names = Array.from({ length: tasks }, (_, i) => `bench-task-${i}`);
  try {
    const start = await home.run(['runtime', 'start'], { timeoutMs: 60_000 });
    if (start.code !== 0) throw new Error(`runtime start: ${start.stdout} ${start.stderr}`);
    const pid = home.runtimePid();
    if (!pid) throw new Error('no runtime pid in runtime.lock');
    // RSS as workers come: none, then after each task opened its page through the CLI.
    const rssByWorkers = [statusField(pid, 'VmRSS')];
    for (const name of names) {
      finalReceipt(await home.submit(name, 'open', `await page.goto(${JSON.stringify(server.url('/counter'))}); return 1;`), `${name} open`);
      rssByWorkers.push(statusField(pid, 'VmRSS'));
    }

    const budget = options.phaseBudgetMs ?? 180_000;
    let started = performance.now();
    const sequentialDurations = await runSeries(home.home, names[0], tasks * perTask, 'sequential', started + budget);
    const sequentialMs = performance.now() - started;
    log(`sequential: ${sequentialDurations.length} programs in ${(sequentialMs / 1000).toFixed(1)} s`);

    let peak = statusField(pid, 'VmRSS');
    const sampler = setInterval(() => { peak = Math.max(peak, statusField(pid, 'VmRSS')); }, 100);
    started = performance.now();
    let concurrentDurations: number[] = [];
    try {
      concurrentDurations = (await Promise.all(names.map(name => runSeries(home.home, name, perTask, 'concurrent', started + budget)))).flat();
    } finally {
      clearInterval(sampler);
    }
    const concurrentMs = performance.now() - started;
    log(`concurrent: ${concurrentDurations.length} programs over ${tasks} tasks in ${(concurrentMs / 1000).toFixed(1)} s`);

    const listing = await apiRequest(home.home, 'GET', '/v1/tasks');
    const activeWorkers = (listing.json.tasks as { name: string; state: string }[]).filter(t => names.includes(t.name) && t.state === 'active').length;
    const rss = statusField(pid, 'VmRSS');
    const browserRssSumMiB = descendants(pid).reduce((sum, child) => {
      try { return sum + statusField(child, 'VmRSS'); } catch { return sum; }
    }, 0);
    const phase = (durations: number[], wallMs: number): Phase =>
      ({ programs: durations.length, planned: tasks * perTask, wallMs, perSecond: durations.length / (wallMs / 1000), medianProgramMs: median(durations) });
    const sequential = phase(sequentialDurations, sequentialMs);
    const concurrent = phase(concurrentDurations, concurrentMs);
    return {
      tasks, programsPerTask: perTask, sequential, concurrent, ratio: concurrent.perSecond / sequential.perSecond,
      runtimeRssMiB: rss, rssByWorkers, runtimePeakRssMiB: Math.max(peak, rss), runtimeHwmMiB: statusField(pid, 'VmHWM'), activeWorkers,
      browserRssSumMiB, conditions: describeConditions(before, machineConditions()), targets: { rssMiB: 400 },
    };
  } finally {
    await server.close();
    await home.dispose();
  }
}

export function tasksMarkdown(r: TasksBenchResult): string {
  const rate = (x: Phase) => `${x.perSecond.toFixed(1)} programs/s (${x.programs}${x.programs < x.planned ? ` of ${x.planned}, time budget hit` : ''} in ${(x.wallMs / 1000).toFixed(1)} s; median program ${x.medianProgramMs.toFixed(0)} ms)`;
  const mib = (x: number) => `${x.toFixed(1)} MiB`;
  return [
    markdownTable(['measure', 'value', 'target'], [
      [`1 task, ${r.sequential.planned} sequential`, rate(r.sequential), ''],
      [`${r.tasks} tasks x ${r.programsPerTask}, concurrent`, rate(r.concurrent), ''],
      ['throughput ratio concurrent / sequential', r.ratio.toFixed(2), ''],
      [`runtime RSS with ${r.activeWorkers} live workers (service process only)`, mib(r.runtimeRssMiB), `< ${r.targets.rssMiB} MiB: ${r.runtimeRssMiB < r.targets.rssMiB ? 'met' : 'MISSED'}`],
      ['runtime peak RSS during the concurrent phase (sampled every 100 ms)', mib(r.runtimePeakRssMiB), ''],
      ['runtime RSS with 0 / 1 / 8 workers, as tasks opened their pages', r.rssByWorkers.filter((_, i) => i === 0 || i === 1 || i === r.rssByWorkers.length - 1).map(mib).join(' / '),
        `about ${((r.rssByWorkers[r.rssByWorkers.length - 1] - r.rssByWorkers[1]) / Math.max(1, r.rssByWorkers.length - 2)).toFixed(0)} MiB per further worker`],
      ['runtime VmHWM (high-water mark)', mib(r.runtimeHwmMiB), ''],
      ['Chromium, sum of RSS of its processes (shared pages counted repeatedly)', mib(r.browserRssSumMiB), 'not in the target'],
    ]),
    '',
    `Programs sent to the runtime API over its Unix socket (no CLI process per call). ${r.conditions}.`,
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  const result = await runTasksBench({ log: line => process.stderr.write(`${line}\n`) });
  console.log(tasksMarkdown(result));
}
