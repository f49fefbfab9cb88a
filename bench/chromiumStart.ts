// `npm run bench:chromium-start -- [rounds] [variant...]`: what Chromium's own start-up costs,
// launched as the runtime launches it (BrowserProcess.launch: debugging pipe, CHROMIUM_SWITCHES,
// headless, a new profile), for candidate extra switches or another binary. Per launch: wall time to
// Browser.getVersion and to the first page's load event (the startup tab navigated to a
// loopback page, as a cold start's first goto does), the CPU of Chromium's whole process tree
// at that load and after it settles, and the processes it runs then. Variants are interleaved
// round by round, so all of them see the same machine load; medians per variant.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BrowserProcess, CHROMIUM_SWITCHES } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { median } from './median.js';
import { processTable, processTree, TICK_MS } from './processTree.js';
import { pino } from 'pino';

interface Variant {
  /** Added after the runtime's own switches. `+disable-features=A,B` adds to the runtime's list (Chromium reads only the last --disable-features). */
  args: string[];
  /** Another binary than the full Chromium. */
  executable?: () => string | undefined;
}

/** Candidates tried (numbers in the commit that made the runtime prefer the headless shell). */
export const VARIANTS: Record<string, Variant> = {
  base: { args: [] },
  // Chromium's headless shell, as the runtime launches it headless where one is installed.
  'headless-shell': { args: [], executable: () => process.env.TABWRIGHT_BENCH_HEADLESS_SHELL ?? locateBrowser(undefined, { headless: true }).path },
  'no-zygote': { args: ['--no-zygote'] },
  'in-process-gpu': { args: ['--in-process-gpu'] },
  'no-zygote+in-process-gpu': { args: ['--no-zygote', '--in-process-gpu'] },
  'disable-gpu': { args: ['--disable-gpu'] },
  'disable-gpu+no-swiftshader': { args: ['--disable-gpu', '--disable-software-rasterizer'] },
  'network-in-process': { args: ['--enable-features=NetworkServiceInProcess'] },
  'no-spare-renderer': { args: ['+disable-features=SpareRendererForSitePerProcess'] },
  'more-features-off': { args: ['+disable-features=Translate,OptimizationGuideModelDownloading,OptimizationHintsFetching,OptimizationTargetPrediction,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions,AutofillServerCommunication,DialMediaRouteProvider,GlobalMediaControls,PrivacySandboxSettings4,Prerender2'] },
  'more-switches': { args: ['--disable-client-side-phishing-detection', '--disable-domain-reliability', '--no-pings', '--disable-notifications', '--disable-print-preview', '--safebrowsing-disable-auto-update'] },
};


function expanded(extra: string[]): string[] {
  const base = CHROMIUM_SWITCHES.find(s => s.startsWith('--disable-features='))!;
  return extra.map(arg => arg.startsWith('+disable-features=') ? `${base},${arg.slice('+disable-features='.length)}` : arg);
}

/** CPU ms of `root` and its descendants, counting children already reaped; and the live processes' types. */
function treeCpu(root: number): { cpuMs: number; types: string[] } {
  const table = processTable();
  let ticks = 0;
  const types: string[] = [];
  for (const pid of processTree(root, table)) {
    const s = table.get(pid)!;
    ticks += s.ticks + s.childTicks;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const type = cmd.find(a => a.startsWith('--type='))?.slice(7) ?? 'browser';
      const sub = cmd.find(a => a.startsWith('--utility-sub-type='))?.slice(19).split('.').pop();
      types.push(`${sub ? `${type}:${sub}` : cmd.includes('--top-chrome-webui') ? `${type}:webui` : type}=${(s.ticks + s.childTicks) * TICK_MS}`);
    } catch {
      // Exited.
    }
  }
  return { cpuMs: ticks * TICK_MS, types };
}

/** What a launched browser's connection reports, on stderr (stdout is the bench's numbers). */
const connectionLog = pino({}, pino.destination({ dest: 2, sync: true }));

export interface LaunchSample { versionMs: number; loadMs: number; cpuAtLoadMs: number; cpuSettledMs: number; processes: string[] }

async function launchOnce(executablePath: string, url: string, extraArgs: string[]): Promise<LaunchSample> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-chromium-start-'));
  const started = performance.now();
  const browser = await BrowserProcess.launch({ executablePath, profileDir, headless: true, extraArgs, log: connectionLog });
  const versionMs = performance.now() - started;
  try {
    const cdp = browser.connection;
    const pid = browser.pid!;
    let targets = (await cdp.send('Target.getTargets')).targetInfos.filter(t => t.type === 'page');
    while (!targets.length) {
      await new Promise(r => setTimeout(r, 10));
      targets = (await cdp.send('Target.getTargets')).targetInfos.filter(t => t.type === 'page');
    }
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: targets[0]!.targetId, flatten: true });
    const loaded = new Promise<void>(resolve => cdp.listenToSession(sessionId, event => { if (event.method === 'Page.loadEventFired') resolve(); }));
    await cdp.send('Page.enable', undefined, sessionId);
    await cdp.send('Page.navigate', { url }, sessionId);
    await loaded;
    const loadMs = performance.now() - started;
    const cpuAtLoadMs = treeCpu(pid).cpuMs;
    // Settled: the tree used at most one tick in 300 ms (or 6 s passed).
    let last = cpuAtLoadMs;
    for (let i = 0; i < 20; i++) {
      await new Promise(r => setTimeout(r, 300));
      const now = treeCpu(pid).cpuMs;
      if (now - last <= TICK_MS) break;
      last = now;
    }
    const settled = treeCpu(pid);
    return { versionMs, loadMs, cpuAtLoadMs, cpuSettledMs: settled.cpuMs, processes: settled.types };
  } finally {
    await browser.close();
    fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

export async function runChromiumStartBench(rounds: number, variants: string[]): Promise<string> {
  // The full Chromium (TABWRIGHT_BROWSER, else the system's), whatever a headless runtime would prefer.
  const executablePath = locateBrowser().path;
  if (!executablePath) throw new Error('no Chromium found (npm run setup installs one)');
  const server = await FixtureServer.start();
  server.page('/start', '<!doctype html><title>start</title><h1>Start</h1><button>Go</button>');
  const samples = new Map<string, LaunchSample[]>(variants.map(v => [v, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        const { args, executable } = VARIANTS[variant]!;
        const binary = executable ? executable() : executablePath;
        if (!binary) throw new Error(`variant ${variant}: its browser is not installed`);
        const sample = await launchOnce(binary, server.url('/start'), expanded(args));
        samples.get(variant)!.push(sample);
        process.stderr.write(`${round} ${variant}: version ${sample.versionMs.toFixed(0)} load ${sample.loadMs.toFixed(0)} cpu@load ${sample.cpuAtLoadMs} settled ${sample.cpuSettledMs} [${sample.processes.join(' ')}]\n`);
      }
    }
  } finally {
    await server.close();
  }
  const rows = variants.map(v => {
    const s = samples.get(v)!;
    const { args, executable } = VARIANTS[v]!;
    return [v, executable ? `${executable()} ${args.join(' ')}` : args.join(' ') || '(runtime switches)', median(s.map(x => x.versionMs)).toFixed(0), median(s.map(x => x.loadMs)).toFixed(0),
      median(s.map(x => x.cpuAtLoadMs)).toFixed(0), median(s.map(x => x.cpuSettledMs)).toFixed(0), String(s.at(-1)!.processes.length)];
  });
  return markdownTable(['variant', 'extra switches', 'getVersion ms', 'first load ms', 'CPU at load ms', 'CPU settled ms', 'processes'], rows)
    + `\n\nMedians of ${rounds} interleaved launches each, new profile each, headless.`;
}

if (isMainModule(import.meta.url)) {
  const [roundsArg, ...names] = process.argv.slice(2);
  const variants = names.length ? names : Object.keys(VARIANTS);
  for (const v of variants) if (!VARIANTS[v]) throw new Error(`unknown variant ${v}; known: ${Object.keys(VARIANTS).join(', ')}`);
  console.log(await runChromiumStartBench(Number(roundsArg) || 5, variants));
}
