// `npm run bench:view`: what one person watching costs. Eight active tasks, each with a page
// open; the CPU time of the runtime process (and, apart, of its Chromium) over equal windows
// with no viewer and with one viewer (a real browser showing the view at 1280x800), in
// alternating blocks so both see the same machine load. Two kinds of pages: ticking (the
// page repaints ten times a second, so the screencast has frames to send: the worst case)
// and static (nothing changes: the screencast should cost next to nothing).
import fs from 'node:fs';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { launchViewerBrowser, viewUrl } from '../test/harness/viewer.js';
import { describeConditions, machineConditions } from './machineConditions.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median } from './median.js';
import { BenchHome, finalReceipt } from './timedCli.js';

const TICKING_PAGE = `<!doctype html><title>Ticking</title><body style="font:48px sans-serif">
<p>Tick <output id="n">0</output></p><div id="bar" style="height:20px;background:#36c;width:0"></div>
<script>let n = 0; setInterval(() => { n++; document.getElementById('n').textContent = n; document.getElementById('bar').style.width = (n % 100) + '%'; }, 100);</script>`;
const STATIC_PAGE = '<!doctype html><title>Static</title><body style="font:48px sans-serif"><p>Nothing moves here.</p>';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

export interface ViewPhase {
  kind: 'none' | 'viewer';
  pages: 'ticking' | 'static';
  runtimeCpuPct: number;
  browserCpuPct: number;
  /** Thumbnail updates the viewer showed per second, over all pages (viewer phases only). */
  framesPerSecond?: number;
}

export interface ViewBenchResult {
  tasks: number;
  windowS: number;
  rounds: number;
  phases: ViewPhase[];
  conditions: string;
}

export interface ViewBenchOptions { tasks?: number; windowS?: number; rounds?: number; log?: (line: string) => void }

/** utime + stime of one process, in seconds; 0 for one that has exited. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return 0;
  }
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch { /* exited */ }
  }
  const found: number[] = [];
  const walk = (pid: number) => { for (const child of children.get(pid) ?? []) { found.push(child); walk(child); } };
  walk(root);
  return found;
}

/** CPU used by the runtime and by its browser over `windowS`, as percent of one core. */
async function measure(pid: number, windowS: number): Promise<{ runtime: number; browser: number }> {
  const browserPids = descendants(pid);
  const runtime0 = cpuSeconds(pid);
  const browser0 = browserPids.reduce((sum, p) => sum + cpuSeconds(p), 0);
  const started = process.hrtime.bigint();
  await new Promise(resolve => setTimeout(resolve, windowS * 1000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const browser1 = browserPids.reduce((sum, p) => sum + cpuSeconds(p), 0);
  return { runtime: (100 * (cpuSeconds(pid) - runtime0)) / elapsed, browser: (100 * (browser1 - browser0)) / elapsed };
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}

export async function runViewBench(options: ViewBenchOptions = {}): Promise<ViewBenchResult> {
  const tasks = options.tasks ?? 8;
  const windowS = options.windowS ?? 15;
  const rounds = options.rounds ?? 2;
  const log = options.log ?? (() => undefined);
  const before = machineConditions();
  const home = new BenchHome('view');
  const server = (await FixtureServer.start()).page('/ticking', TICKING_PAGE).page('/static', STATIC_PAGE);
  const viewerBrowser = await launchViewerBrowser();
  const names = Array.from({ length: tasks }, (_, i) => `watched-${i}`);
  const phases: ViewPhase[] = [];
  try {
    const start = await home.run(['runtime', 'start'], { timeoutMs: 120_000 });
    if (start.code !== 0) throw new Error(`runtime start: ${start.stdout} ${start.stderr}`);
    const pid = home.runtimePid();
    if (!pid) throw new Error('no runtime pid in runtime.lock');
    const { url } = await viewUrl(home);

    for (const pages of ['ticking', 'static'] as const) {
      await Promise.all(names.map(async name =>
        finalReceipt(await home.timed(['run', '--task', name, '--request-id', `open-${pages}`, '--wait', '300'],
          `await page.goto(${JSON.stringify(server.url(`/${pages}`))}); return 1;`, 320_000), `${name} open ${pages}`)));
      for (let round = 0; round < rounds; round++) {
        const idle = await measure(pid, windowS);
        phases.push({ kind: 'none', pages, runtimeCpuPct: idle.runtime, browserCpuPct: idle.browser });
        log(`${pages} round ${round + 1}, no viewer: runtime ${idle.runtime.toFixed(1)} %, browser ${idle.browser.toFixed(1)} %`);

        const page = await viewerBrowser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(url);
        // Watching for real: every task's thumbnail has a frame before the window starts.
        await page.waitForFunction(count => document.querySelectorAll('img[data-page]').length >= count, tasks, { timeout: 120_000 });
        // Count the thumbnails' picture changes, as the person sees them (no second stream).
        await page.evaluate(() => {
          const counted = window as unknown as { framesShown: number };
          counted.framesShown = 0;
          new MutationObserver(changes => { counted.framesShown += changes.length; })
            .observe(document.getElementById('tasks')!, { attributes: true, attributeFilter: ['src'], subtree: true });
        });
        const watched = await measure(pid, windowS);
        const frames = await page.evaluate(() => (window as unknown as { framesShown: number }).framesShown);
        const framesPerSecond = frames / windowS;
        phases.push({ kind: 'viewer', pages, runtimeCpuPct: watched.runtime, browserCpuPct: watched.browser, framesPerSecond });
        log(`${pages} round ${round + 1}, one viewer: runtime ${watched.runtime.toFixed(1)} %, browser ${watched.browser.toFixed(1)} %, ${framesPerSecond.toFixed(1)} thumbnail frames/s`);
        await page.close();
        await until('the viewer to be gone', async () => (await viewUrl(home)).viewers === 0);
      }
    }
    return { tasks, windowS, rounds, phases, conditions: describeConditions(before, machineConditions()) };
  } finally {
    await viewerBrowser.close();
    await server.close();
    await home.dispose();
  }
}

export function viewMarkdown(r: ViewBenchResult): string {
  const rows = (['ticking', 'static'] as const).map(pages => {
    const of = (kind: ViewPhase['kind'], field: 'runtimeCpuPct' | 'browserCpuPct') =>
      median(r.phases.filter(p => p.pages === pages && p.kind === kind).map(p => p[field]));
    const none = of('none', 'runtimeCpuPct');
    const watched = of('viewer', 'runtimeCpuPct');
    return [
      pages === 'ticking' ? `${r.tasks} pages repainting 10 times a second` : `${r.tasks} static pages`,
      `${none.toFixed(1)} %`, `${watched.toFixed(1)} %`, `+${(watched - none).toFixed(1)} points`,
      `${of('none', 'browserCpuPct').toFixed(1)} % -> ${of('viewer', 'browserCpuPct').toFixed(1)} %`,
      median(r.phases.filter(p => p.pages === pages && p.kind === 'viewer').map(p => p.framesPerSecond ?? NaN)).toFixed(1),
    ];
  });
  return [
    markdownTable(['pages of the 8 active tasks', 'runtime CPU, no viewer', 'runtime CPU, one viewer', 'viewer cost (runtime)', 'runtime\'s Chromium, none -> one viewer', 'frames shown per second (all pages)'], rows),
    '',
    `CPU as percent of one core, medians of ${r.rounds} alternating windows of ${r.windowS} s each; the viewer is a separate Chromium showing the view at 1280x800 (its own CPU is not counted). ${r.conditions}.`,
  ].join('\n');
}

if (isMainModule(import.meta.url)) {
  const result = await runViewBench({ log: line => process.stderr.write(`${line}\n`) });
  console.log(viewMarkdown(result));
}
