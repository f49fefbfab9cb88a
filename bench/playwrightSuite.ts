// `npm run bench:playwright-suite` (issue 17): Playwright's own page tests (tests/page) on
// the same Chromium two ways: (a) as Playwright runs them, launching the browser; (b) with
// every test worker's browser obtained by chromium.connectOverCDP to a tabwright task's
// endpoint (bench/playwright-suite/overlay/tabwright.config.ts). Prints each way's counts and
// every test that passes in (a) and not in (b); writes bench/results/playwright-suite-latest.md.
// With --task-bundle, the Playwright is ours as installed (not the checkout's build): (a) runs
// it unchanged, (b) as a task worker changes it (runtime/worker/playwrightInternals/), so the
// specs check a task's whole Playwright, its changed waits and actions included, not only the
// endpoint. The two then run one after the other (one checkout holds one Playwright at a time).
//
//   npm run bench:playwright-suite -- [--mirror DIR] [--ref REF] [--dir DIR] [--subset router|smoke|all]
//       [--files a,b (tests/page names, or tests/library/... paths)] [--workers N] [--timeout MS] [--ways a,b] [--together] [--browser PATH] [--task-bundle]
//   npm run bench:playwright-suite -- --reports a.json,b.json   (compare two earlier runs)
//
// --mirror: a bare git clone of microsoft/playwright (default $TABWRIGHT_PWSUITE_MIRROR).
// --dir: where Playwright is extracted and built (default $TMPDIR/tabwright-pwsuite; reused
// when it holds a build of the same commit). --together: both ways at once, under the same load
// ((a) in a network namespace of its own; Linux, root). Not part of `npm test`: it takes tens
// of minutes for a subset, hours for all of tests/page on a loaded 2-core machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { locateBrowser } from '../contract/browserLocator.js';
import { TabwrightHome, CLI, PACKAGE_ROOT } from '../test/harness/tabwrightCli.js';
import { prepareCheckout, resolveRef, type Checkout } from './playwright-suite/checkout.js';
import { projectsOf, specFiles } from './playwright-suite/subsets.js';
import { testOutcomes, type JsonReport, type TestOutcome } from './playwright-suite/jsonReport.js';
import { comparisonReport, type WayLabels } from './playwright-suite/comparison.js';
import { restoreBuiltLibs, useLibs, type Libs } from './playwright-suite/checkoutLibs.js';
import { describeConditions, machineConditions } from './machineConditions.js';

type Way = 'a' | 'b';
const WAY_CONFIG: Record<Way, string> = {
  a: 'tests/library/playwright.config.ts',
  b: 'tests/tabwright/tabwright.config.ts',
};

interface Options {
  mirror: string; ref?: string; dir: string; files: string[]; subsetName: string;
  workers: number; timeoutMs: number; ways: Way[]; browser: string; together: boolean;
  /** Our installed Playwright: (a) unchanged, (b) as a task worker changes it. */
  taskBundle: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      mirror: { type: 'string' }, ref: { type: 'string' }, dir: { type: 'string' },
      subset: { type: 'string' }, files: { type: 'string' }, workers: { type: 'string' },
      timeout: { type: 'string' }, ways: { type: 'string' }, browser: { type: 'string' },
      together: { type: 'boolean' }, reports: { type: 'string' }, 'task-bundle': { type: 'boolean' },
    },
  });
  const mirror = values.mirror ?? process.env.TABWRIGHT_PWSUITE_MIRROR;
  if (!mirror) throw new Error('say where Playwright\'s repository is: --mirror DIR (a bare clone: `git clone --bare https://github.com/microsoft/playwright DIR`) or TABWRIGHT_PWSUITE_MIRROR');
  const browser = values.browser ?? locateBrowser().path;
  if (!browser) throw new Error('no Chromium found: pass --browser PATH (the same one is used both ways)');
  const ways = (values.ways ?? 'a,b').split(',').map(w => w.trim());
  for (const w of ways) if (w !== 'a' && w !== 'b') throw new Error(`--ways takes a, b or a,b; got "${w}"`);
  const subsetName = values.files ? `files ${values.files}` : values.subset ?? 'router';
  const taskBundle = values['task-bundle'] === true;
  if (taskBundle && values.together) throw new Error('--task-bundle runs (a) and (b) one after the other (one checkout holds one Playwright at a time): leave out --together');
  return {
    mirror, ref: values.ref, browser, ways: ways as Way[], subsetName, together: values.together === true, taskBundle,
    dir: values.dir ?? path.join(os.tmpdir(), 'tabwright-pwsuite'),
    files: specFiles(values.files ? undefined : values.subset ?? 'router', values.files),
    workers: Number(values.workers ?? 2),
    timeoutMs: Number(values.timeout ?? 60_000),
  };
}

function ourPlaywrightVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'node_modules', 'playwright-core', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function installOverlay(checkout: Checkout): void {
  const target = path.join(checkout.dir, 'tests', 'tabwright');
  fs.mkdirSync(target, { recursive: true });
  fs.copyFileSync(path.join(PACKAGE_ROOT, 'bench', 'playwright-suite', 'overlay', 'tabwright.config.ts'), path.join(target, 'tabwright.config.ts'));
}

/**
 * Runs one way; resolves to its outcomes (Playwright exits non-zero when any test fails).
 * Their test server listens on fixed ports (8907 + 4 x worker index), so two ways at once need
 * two network namespaces: with `netns`, (a) runs in a fresh one (Linux, `unshare --net`, root),
 * its own loopback, while (b) keeps the runtime's.
 */
function runWay(way: Way, checkout: Checkout, opts: Options, env: NodeJS.ProcessEnv, netns = false): Promise<Map<string, TestOutcome>> {
  const report = path.join(checkout.dir, `tabwright-results-${way}.json`);
  fs.rmSync(report, { force: true });
  const args = ['playwright', 'test', `--config=${WAY_CONFIG[way]}`, ...projectsOf(opts.files).map(p => `--project=${p}`), ...opts.files,
    `--workers=${opts.workers}`, `--timeout=${opts.timeoutMs}`, '--max-failures=0', '--retries=0',
    `--output=${path.join(checkout.dir, 'test-results', way)}`, '--reporter=list,json'];
  const [command, commandArgs] = netns
    ? ['unshare', ['--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', 'npx', ...args]]
    : ['npx', args];
  process.stderr.write(`pwsuite: way (${way}): ${command} ${commandArgs.join(' ')}\n`);
  const child = spawn(command, commandArgs, {
    cwd: checkout.dir, stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, CRPATH: opts.browser, PLAYWRIGHT_JSON_OUTPUT_NAME: report, CI: '' },
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => {
      if (!fs.existsSync(report)) return reject(new Error(`way (${way}) wrote no report (${report}): see the output above`));
      resolve(testOutcomes(JSON.parse(fs.readFileSync(report, 'utf8')) as JsonReport));
    });
  });
}

/** `--reports a.json,b.json`: compares two JSON reports already written, runs nothing. */
function compareReports(list: string): void {
  const [a, b] = list.split(',').map(file => testOutcomes(JSON.parse(fs.readFileSync(file, 'utf8')) as JsonReport));
  if (!a || !b) throw new Error('--reports takes two JSON reporter files: (a),(b)');
  process.stdout.write(comparisonReport(a, b) + '\n');
}

async function main(): Promise<void> {
  const reports = parseArgs({ options: { reports: { type: 'string' } }, strict: false }).values.reports;
  if (typeof reports === 'string') return compareReports(reports);
  const opts = options();
  const version = ourPlaywrightVersion();
  const { ref, exact } = resolveRef(opts.mirror, version, opts.ref);
  const checkout = prepareCheckout(opts.mirror, ref, opts.dir);
  installOverlay(checkout);
  const before = machineConditions();
  const started = Date.now();
  const outcomes: Partial<Record<Way, Map<string, TestOutcome>>> = {};
  const minutes: Partial<Record<Way, number>> = {};
  const timed = async (way: Way, run: () => Promise<Map<string, TestOutcome>>) => {
    const t0 = Date.now();
    outcomes[way] = await run();
    minutes[way] = (Date.now() - t0) / 60_000;
  };
  const together = opts.together && opts.ways.length === 2;
  const nodeModules = path.join(PACKAGE_ROOT, 'node_modules');
  const libsFor = (way: Way): Libs => (!opts.taskBundle ? 'built' : way === 'a' ? 'installed' : 'task');
  const wayA = () => timed('a', () => {
    useLibs(checkout.dir, libsFor('a'), nodeModules);
    return runWay('a', checkout, opts, {}, together);
  });
  const wayB = () => timed('b', async () => {
    useLibs(checkout.dir, libsFor('b'), nodeModules);
    const home = new TabwrightHome({ prefix: 'tabwright-pwsuite-home-', env: { TABWRIGHT_BROWSER: opts.browser } });
    try {
      await home.run(['runtime', 'start']);
      return await runWay('b', checkout, opts, { ...home.env(), TABWRIGHT_PWSUITE_BIN: CLI });
    } finally {
      await home.run(['runtime', 'stop']);
      fs.rmSync(home.home, { recursive: true, force: true });
    }
  });
  try {
    if (together) await Promise.all([wayA(), wayB()]);
    else for (const way of opts.ways) await (way === 'a' ? wayA() : wayB());
  } finally {
    restoreBuiltLibs(checkout.dir);
  }
  const after = machineConditions();
  const labels: WayLabels | undefined = opts.taskBundle
    ? { a: `(a) playwright-core ${version} as installed launches Chromium`, b: `(b) playwright-core ${version} as a task worker changes it, connectOverCDP to a task endpoint` }
    : undefined;
  const header = [
    opts.taskBundle ? '# Playwright\'s page tests run by a task\'s own Playwright, through a task endpoint' : '# Playwright\'s page tests through a tabwright task endpoint',
    '',
    opts.taskBundle
      ? `Tests: Playwright ${checkout.describe}; run by our playwright-core and playwright ${version} (their lib/ in place of the checkout's build), (b) with coreBundle.js as a task worker changes it (runtime/worker/playwrightInternals/).`
      : `Playwright: ${checkout.describe}${exact ? '' : `, the nearest the mirror has to our playwright-core ${version}`}.`,
    `Chromium: ${opts.browser}. Tests: ${opts.subsetName === 'all' || !opts.files.length ? 'all of tests/page' : `subset "${opts.subsetName}" (${opts.files.length} spec files)`}, project ${projectsOf(opts.files).join(' and ')}, ${opts.workers} workers, timeout ${opts.timeoutMs} ms.`,
    `Ways ${together ? 'run at the same time ((a) in its own network namespace)' : 'run one after the other'}. Wall time: ${opts.ways.map(w => `(${w}) ${minutes[w]!.toFixed(1)} min`).join(', ')}; ${describeConditions(before, after)}; total ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
    '',
  ].join('\n');
  const body = outcomes.a && outcomes.b ? comparisonReport(outcomes.a, outcomes.b, labels) : 'Only one way was run: nothing to compare.';
  const text = `${header}\n${body}\n`;
  process.stdout.write(text);
  const out = path.join(PACKAGE_ROOT, 'bench', 'results', 'playwright-suite-latest.md');
  fs.writeFileSync(out, text);
  process.stderr.write(`pwsuite: written ${out}\n`);
}

main().catch(error => {
  process.stderr.write(`pwsuite: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
